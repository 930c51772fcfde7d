#include <stdlib.h>
#include <assert.h>

struct node { int val; struct node *next; struct node *prev; };

struct node *push(struct node *head, int v) {
  struct node *n = malloc(sizeof(struct node));
  n->val = v;
  n->next = head;
  n->prev = NULL;
  if (head != NULL)
    head->prev = n;
  return n;
}

/* remove the first node holding v */
struct node *removeVal(struct node *head, int v) {
  struct node *p = head;
  while (p != NULL && p->val != v)
    p = p->next;
  if (p == NULL)
    return head;
  if (p->prev != NULL)
    p->prev->next = p->next;
  else
    head = p->next;
  if (p->next != NULL)
    p->next->prev = p->next;   // the fault: p->prev
  return head;
}

int wellformed(struct node *h) {
  struct node *q = h;
  while (q != NULL) {
    if (q->next != NULL && q->next->prev != q)
      return 0;
    q = q->next;
  }
  return 1;
}

int main(void) {
  struct node *l = NULL;
  l = push(l, 1);
  l = push(l, 2);
  l = push(l, 3);
  l = removeVal(l, 2);
  assert(wellformed(l));
  return 0;
}

// gdb's habits: `break PROC` stops at the first line of the procedure (line 18, removeVal's first
// statement), `run` starts the program; a word that names neither a line nor a procedure is an error (the
// script then exits 1).
// RUN: locus debug %s --script %S/Inputs/break_proc.dbg
// EXIT: 1
// CHECK: (locus) break removeVal
// CHECK-NEXT: Breakpoint at line 18 (the start of removeVal)
// CHECK: (locus) run
// CHECK-NEXT: Starting main of
// CHECK: (locus) continue
// CHECK-NEXT: break_proc.c:18  struct node *p = head;   [removeVal]
// CHECK: (locus) break nosuch
// CHECK-NEXT: error: break: 'nosuch' is neither a line number nor a procedure of the program
