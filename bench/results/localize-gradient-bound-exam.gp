# render with: gnuplot -e "fmt='png'" localize-gradient-bound-exam.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'localize-gradient-bound-exam.'.fmt
set title "cumulative EXAM: versions whose fault is within the first x % of the lines"
set xlabel "EXAM (% of the program's lines examined)"
set ylabel "% of the versions"
set key bottom right
set grid
plot 'localize-gradient-bound-exam.dat' index 0 using 1:2 with steps title "gradient/z3", \
     'localize-gradient-bound-exam.dat' index 1 using 1:2 with steps title "gradient+intended/z3", \
     'localize-gradient-bound-exam.dat' index 2 using 1:2 with steps title "consensus"
