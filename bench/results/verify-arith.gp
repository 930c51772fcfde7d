# render with: gnuplot -e "fmt='png'" verify-arith.gp (or fmt='svg')
if (!exists("fmt")) fmt = 'png'
if (fmt eq 'svg') set terminal svg size 800,500 dynamic font 'sans,12'; else set terminal pngcairo size 800,500 font 'sans,11'
set output 'verify-arith.'.fmt
set title "locus verify on 32 programs"
set xlabel "instances solved"
set ylabel "time per instance (s)"
set logscale y
set key top left
set grid
plot 'verify-arith.dat' index 0 using 1:2 with linespoints title "z3 [assume]", \
     'verify-arith.dat' index 1 using 1:2 with linespoints title "z3 [assume, cores]", \
     'verify-arith.dat' index 2 using 1:2 with linespoints title "z3 [push]", \
     'verify-arith.dat' index 3 using 1:2 with linespoints title "z3 [push, cores]", \
     'verify-arith.dat' index 4 using 1:2 with linespoints title "z3 [plain]", \
     'verify-arith.dat' index 5 using 1:2 with linespoints title "z3 [fresh]", \
     'verify-arith.dat' index 6 using 1:2 with linespoints title "cvc5 [assume]", \
     'verify-arith.dat' index 7 using 1:2 with linespoints title "cvc5 [assume, cores]", \
     'verify-arith.dat' index 8 using 1:2 with linespoints title "cvc5 [push]", \
     'verify-arith.dat' index 9 using 1:2 with linespoints title "cvc5 [push, cores]", \
     'verify-arith.dat' index 10 using 1:2 with linespoints title "cvc5 [plain]", \
     'verify-arith.dat' index 11 using 1:2 with linespoints title "cvc5 [fresh]", \
     'verify-arith.dat' index 12 using 1:2 with linespoints title "smtlib:z3 -in [assume]", \
     'verify-arith.dat' index 13 using 1:2 with linespoints title "smtlib:z3 -in [assume, cores]", \
     'verify-arith.dat' index 14 using 1:2 with linespoints title "smtlib:z3 -in [push]", \
     'verify-arith.dat' index 15 using 1:2 with linespoints title "smtlib:z3 -in [push, cores]", \
     'verify-arith.dat' index 16 using 1:2 with linespoints title "smtlib:z3 -in [plain]", \
     'verify-arith.dat' index 17 using 1:2 with linespoints title "smtlib:z3 -in [fresh]"
