# render with: gnuplot -e "fmt='png'" localize-gradient-bound-time.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'localize-gradient-bound-time.'.fmt
set title "localization time per version"
set xlabel "instances solved"
set ylabel "time per instance (s)"
set logscale y
set key top left
set grid
plot 'localize-gradient-bound-time.dat' index 0 using 1:2 with linespoints title "gradient/z3", \
     'localize-gradient-bound-time.dat' index 1 using 1:2 with linespoints title "gradient+intended/z3", \
     'localize-gradient-bound-time.dat' index 2 using 1:2 with linespoints title "consensus"
