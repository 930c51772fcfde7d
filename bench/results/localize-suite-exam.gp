# render with: gnuplot -e "fmt='png'" localize-suite-exam.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'localize-suite-exam.'.fmt
set title "cumulative EXAM: versions whose fault is within the first x % of the lines"
set xlabel "EXAM (% of the program's lines examined)"
set ylabel "% of the versions"
set key bottom right
set grid
plot 'localize-suite-exam.dat' index 0 using 1:2 with steps title "maxsat:uniform/z3", \
     'localize-suite-exam.dat' index 1 using 1:2 with steps title "maxsat:ochiai/z3", \
     'localize-suite-exam.dat' index 2 using 1:2 with steps title "ofc:uniform/z3", \
     'localize-suite-exam.dat' index 3 using 1:2 with steps title "ofc:ochiai/z3", \
     'localize-suite-exam.dat' index 4 using 1:2 with steps title "must/z3", \
     'localize-suite-exam.dat' index 5 using 1:2 with steps title "mbd/z3", \
     'localize-suite-exam.dat' index 6 using 1:2 with steps title "sbfl:tarantula", \
     'localize-suite-exam.dat' index 7 using 1:2 with steps title "sbfl:ochiai", \
     'localize-suite-exam.dat' index 8 using 1:2 with steps title "sbfl:dstar", \
     'localize-suite-exam.dat' index 9 using 1:2 with steps title "pwp", \
     'localize-suite-exam.dat' index 10 using 1:2 with steps title "gradient/z3"
