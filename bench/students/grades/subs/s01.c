#include <stdio.h>
int main() {
    double a, b, c;
    scanf("%lf %lf %lf", &a, &b, &c);
    double avg = (a + b + c) / 3.0;
    printf("%.2lf\n", avg);
    if (avg >= 5.5) printf("PASS\n");
    else printf("FAIL\n");
    return 0;
}
