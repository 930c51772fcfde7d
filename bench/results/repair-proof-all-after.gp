# render with: gnuplot -e "fmt='png'" repair-proof-all-after.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'repair-proof-all-after.'.fmt
set title "time to the first repair"
set xlabel "instances solved"
set ylabel "time per instance (s)"
set logscale y
set key top left
set grid
plot 'repair-proof-all-after.dat' index 0 using 1:2 with linespoints title "proof/z3"
