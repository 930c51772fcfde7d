# render with: gnuplot -e "fmt='png'" localize-quick-exam.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'localize-quick-exam.'.fmt
set title "cumulative EXAM: versions whose fault is within the first x % of the lines"
set xlabel "EXAM (% of the program's lines examined)"
set ylabel "% of the versions"
set key bottom right
set grid
plot 'localize-quick-exam.dat' index 0 using 1:2 with steps title "maxsat:uniform/z3", \
     'localize-quick-exam.dat' index 1 using 1:2 with steps title "maxsat:uniform/cvc5", \
     'localize-quick-exam.dat' index 2 using 1:2 with steps title "maxsat:ochiai/z3", \
     'localize-quick-exam.dat' index 3 using 1:2 with steps title "maxsat:ochiai/cvc5", \
     'localize-quick-exam.dat' index 4 using 1:2 with steps title "ofc:uniform/z3", \
     'localize-quick-exam.dat' index 5 using 1:2 with steps title "ofc:uniform/cvc5", \
     'localize-quick-exam.dat' index 6 using 1:2 with steps title "ofc:ochiai/z3", \
     'localize-quick-exam.dat' index 7 using 1:2 with steps title "ofc:ochiai/cvc5", \
     'localize-quick-exam.dat' index 8 using 1:2 with steps title "must/z3", \
     'localize-quick-exam.dat' index 9 using 1:2 with steps title "must/cvc5", \
     'localize-quick-exam.dat' index 10 using 1:2 with steps title "mbd/z3", \
     'localize-quick-exam.dat' index 11 using 1:2 with steps title "mbd/cvc5", \
     'localize-quick-exam.dat' index 12 using 1:2 with steps title "sbfl:tarantula", \
     'localize-quick-exam.dat' index 13 using 1:2 with steps title "sbfl:ochiai", \
     'localize-quick-exam.dat' index 14 using 1:2 with steps title "sbfl:dstar", \
     'localize-quick-exam.dat' index 15 using 1:2 with steps title "pwp", \
     'localize-quick-exam.dat' index 16 using 1:2 with steps title "gradient/z3", \
     'localize-quick-exam.dat' index 17 using 1:2 with steps title "gradient/cvc5"
