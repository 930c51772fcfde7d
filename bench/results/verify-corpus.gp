# cactus plot; render with: gnuplot -e "fmt='png'" verify-corpus.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'verify-corpus.'.fmt
set title "locus verify on 98 programs"
set xlabel 'instances solved'
set ylabel 'time per instance (s)'
set logscale y
set key top left
set grid
plot 'verify-corpus.dat' index 0 using 1:2 with linespoints title "z3", \
     'verify-corpus.dat' index 1 using 1:2 with linespoints title "cvc5", \
     'verify-corpus.dat' index 2 using 1:2 with linespoints title "smtlib:z3 -in", \
     'verify-corpus.dat' index 3 using 1:2 with linespoints title "smtlib:cvc5 --lang smt2 --incremental"
