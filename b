type Node { next: Node; val: int; }
var head: Node;
proc swap()
{
  var a: Node;
  var b: Node;
  a := head;
  b := head.next;
  head := b;
  a.next := b;
  b.next := a;
}
proc main()
{
  var n: Node;
  head := null;
  n := new Node; n.val := 3; n.next := head; head := n;
  n := new Node; n.val := 2; n.next := head; head := n;
  n := new Node; n.val := 1; n.next := head; head := n;
  swap();
  n := null;
}
