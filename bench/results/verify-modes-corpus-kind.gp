# render with: gnuplot -e "fmt='png'" verify-modes-corpus-kind.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'verify-modes-corpus-kind.'.fmt
set title "locus verify on 98 programs"
set xlabel "instances solved"
set ylabel "time per instance (s)"
set logscale y
set key top left
set grid
plot 'verify-modes-corpus-kind.dat' index 0 using 1:2 with linespoints title "z3 [kind]"
