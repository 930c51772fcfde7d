// --input-shape on C (issue 31, item 2): a pointer-only struct is a record of the IR, so its input nodes
// take the same shapes as GCL's.
// RUN: locus verify %s --entry length --unwind 4
// EXIT: 3
// CHECK: UNKNOWN: unwinding assertion
// CHECK: note: only a cyclic input heap runs past the bound
// CHECK: --input-shape acyclic:node.next
// RUN: locus verify %s --entry length --unwind 4 --input-shape acyclic:next
// CHECK: SAFE (up to unwind 4; input heap: acyclic:next)
#include <stddef.h>

struct node {
  struct node *next;
  int val;
};

int length(struct node *h) {
  int n = 0;
  while (h != NULL) {
    n++;
    h = h->next;
  }
  return n;
}
