// approach — a landing-approach advisory from twelve readings on the command line (our own code, in the
// style of the classic control-logic benchmarks): prints 0 clear, 1 monitor, 2 climb, 3 descend, 4 go around.
#include <stdio.h>
#include <stdlib.h>

#define CLEAR 0
#define MONITOR 1
#define CLIMB 2
#define DESCEND 3
#define GO_AROUND 4

int own_alt;      /* feet above the threshold */
int own_rate;     /* vertical speed, feet per minute (negative: descending) */
int traffic_alt;  /* the nearest traffic's altitude */
int traffic_rate; /* its vertical speed */
int range;        /* horizontal distance to it, tenths of a nautical mile */
int closure;      /* closing speed, knots */
int terrain;      /* terrain clearance under the path, feet */
int glideslope;   /* deviation from the glideslope, tenths of a dot (signed) */
int runway_clear; /* 1 when the runway is reported clear */
int crosswind;    /* knots */
int visibility;   /* metres */
int autoland;     /* 1 when the autopilot flies the approach */

int vertical_separation(void) {
  int d = own_alt - traffic_alt;
  return d < 0 ? -d : d;
}

int conflict_time(void) { /* seconds to the closest point; 999 when not closing */
  if (closure <= 0)
    return 999;
  return range * 360 / closure;
}

int traffic_threat(void) {
  if (vertical_separation() >= 1000)
    return 0;
  if (conflict_time() > 40)
    return 0;
  if (traffic_rate > 2000 || traffic_rate < -2000)
    return 1;
  return vertical_separation() < 600;
}

int crosswind_limit(void) {
  if (autoland)
    return 20;
  if (visibility < 800)
    return 15;
  return 30;
}

int unstable(void) {
  if (glideslope > 10 || glideslope < -10)
    return 1;
  if (own_rate < -1200)
    return 1;
  return 0;
}

int advisory(void) {
  if (terrain < 200 && own_rate < 0)
    return CLIMB;
  if (traffic_threat()) {
    if (own_alt < 500)
      return GO_AROUND;
    if (own_alt > traffic_alt)
      return CLIMB;
    return DESCEND;
  }
  if (!runway_clear && own_alt < 300)
    return GO_AROUND;
  if (crosswind > crosswind_limit())
    return GO_AROUND;
  if (own_alt < 1000 && unstable())
    return GO_AROUND;
  if (unstable())
    return MONITOR;
  return CLEAR;
}

int main(int argc, char *argv[]) {
  if (argc != 13) {
    printf("usage: approach OWN_ALT OWN_RATE TRAFFIC_ALT TRAFFIC_RATE RANGE CLOSURE TERRAIN GLIDESLOPE "
           "RUNWAY_CLEAR CROSSWIND VISIBILITY AUTOLAND\n");
    exit(2);
  }
  own_alt = atoi(argv[1]);
  own_rate = atoi(argv[2]);
  traffic_alt = atoi(argv[3]);
  traffic_rate = atoi(argv[4]);
  range = atoi(argv[5]);
  closure = atoi(argv[6]);
  terrain = atoi(argv[7]);
  glideslope = atoi(argv[8]);
  runway_clear = atoi(argv[9]);
  crosswind = atoi(argv[10]);
  visibility = atoi(argv[11]);
  autoland = atoi(argv[12]);
  printf("%d\n", advisory());
  return 0;
}
