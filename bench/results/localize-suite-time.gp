# render with: gnuplot -e "fmt='png'" localize-suite-time.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'localize-suite-time.'.fmt
set title "localization time per version"
set xlabel "instances solved"
set ylabel "time per instance (s)"
set logscale y
set key top left
set grid
plot 'localize-suite-time.dat' index 0 using 1:2 with linespoints title "maxsat:uniform/z3", \
     'localize-suite-time.dat' index 1 using 1:2 with linespoints title "maxsat:ochiai/z3", \
     'localize-suite-time.dat' index 2 using 1:2 with linespoints title "ofc:uniform/z3", \
     'localize-suite-time.dat' index 3 using 1:2 with linespoints title "ofc:ochiai/z3", \
     'localize-suite-time.dat' index 4 using 1:2 with linespoints title "must/z3", \
     'localize-suite-time.dat' index 5 using 1:2 with linespoints title "mbd/z3", \
     'localize-suite-time.dat' index 6 using 1:2 with linespoints title "sbfl:tarantula", \
     'localize-suite-time.dat' index 7 using 1:2 with linespoints title "sbfl:ochiai", \
     'localize-suite-time.dat' index 8 using 1:2 with linespoints title "sbfl:dstar", \
     'localize-suite-time.dat' index 9 using 1:2 with linespoints title "pwp", \
     'localize-suite-time.dat' index 10 using 1:2 with linespoints title "gradient/z3"
