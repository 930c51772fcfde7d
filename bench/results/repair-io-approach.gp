# render with: gnuplot -e "fmt='png'" repair-io-approach.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'repair-io-approach.'.fmt
set title "time to the first repair"
set xlabel "instances solved"
set ylabel "time per instance (s)"
set logscale y
set key top left
set grid
plot 'repair-io-approach.dat' index 0 using 1:2 with linespoints title "mutate/z3", \
     'repair-io-approach.dat' index 1 using 1:2 with linespoints title "template/z3", \
     'repair-io-approach.dat' index 2 using 1:2 with linespoints title "proof/z3"
