// GCL: the guarded-command language of locus. Reference: docs/gcl.md.
// The C++ parser is generated into the build tree by CMake; nothing past frontend/ sees it.
grammar GCL;

program : decl* EOF ;

decl
  : importDecl
  | typeDecl
  | globalDecl
  | procDecl
  | testDecl
  ;

importDecl : 'import' STRING ';' ;

typeDecl : 'type' ID declLoc? '{' fieldDecl* '}' ;

fieldDecl : ID ':' typeName declLoc? ';' ;

globalDecl : 'var' varBinding (',' varBinding)* ';' ;

// A local's initializer is an expression or an allocation; a global's only an array allocation with a constant
// length (`var a: int[] := new int[8];`, printed IR's `Var::alloc`), which the checker enforces.
varBinding : ID ':' typeName declLoc? (':=' (expr | allocation))? ;

// `T[]` is an array of T (`int32[][]`: of int32 arrays).
typeName : baseType ('[' ']')* ;

baseType : intType | 'bool' | ID ;

// `int` is the unbounded mathematical integer; the others have a fixed width (two's complement when signed);
// `float32` and `float64` are IEEE 754 binary floating point (C's float and double).
intType
  : 'int' | 'int8' | 'int16' | 'int32' | 'int64' | 'uint8' | 'uint16' | 'uint32' | 'uint64' | 'float32' | 'float64'
  ;

procDecl
  : 'proc' ID '(' (param (',' param)*)? ')' ('returns' '(' param ')')? fileAnnot? unwindAnnot? contract* block
  ;

// `unwind K`: the bound of a loop (iterations) or of a procedure (recursion depth), instead of `--unwind`.
// `unwind` is a contextual keyword (an ID the parser checks), so it stays usable as a name.
unwindAnnot : ID INT ;

param : ID ':' typeName declLoc? ;

// `@"file"` names the source file the statement locations of a printed IR procedure refer to; the optional
// `line:col` is the procedure's own location there, `@"other" line:col` its location in another file.
fileAnnot : '@' STRING (INT ':' INT | declLoc)? ;

// The location of a declaration in printed IR: `@"file" line:col`, or `@line:col` in the file of the
// enclosing record or procedure.
declLoc : '@' STRING? INT ':' INT ;

contract
  : kind=('requires' | 'ensures') (block | expr)
  ;

testDecl : 'test' ID fileAnnot? block ;

block : '{' stmt* '}' ;

// An optional tag `#id @line:col` carries a statement's IR id and source location (printed IR); the
// optional source information after it, its construct id and source ranges (see srcInfo).
stmt : tag? stmtBody srcInfo? ;

tag
  : STMT_ID ('@' INT ':' INT)?
  | '@' INT ':' INT
  ;

stmtBody
  : '[' expr ']' stmt                                     # guardedStmt
  | 'var' varBinding (',' varBinding)* ';'                # localDecl
  | ID varBinding (',' varBinding)* ';'                   # tempDecl   // `temp x: T;` (printed IR)
  | lvalue ':=' allocation ';'                            # newStmt
  | lvalue ':=' 'nondet' ';'                              # nondetStmt
  | lvalue ':=' ID '(' args? ')' ';'                      # callAssignStmt
  | lvalue ':=' ID STRING (',' args)? ';'                 # ioAssignStmt // `n := scan "%d", x;`
  | lvalue ':=' expr ';'                                  # assignStmt
  | ID '(' args? ')' ';'                                  # callStmt
  | ID STRING (',' args)? ';'                             # ioStmt     // `print "%d\n", e;` `scan "%d", x;`
  | 'assume' expr ';'                                     # assumeStmt
  | 'assert' expr (',' STRING)? ';'                       # assertStmt
  | 'halt' expr? ';'                                      # haltStmt
  | 'return' expr? ';'                                    # returnStmt
  | 'skip' ';'                                            # skipStmt
  | 'break' ';'                                           # breakStmt
  | 'continue' ';'                                        # continueStmt
  | 'if' '(' expr ')' block ('else' (ifTail | block))?    # ifStmt
  | 'while' '(' expr ')' unwindAnnot? invariantClause* block  # whileStmt
  | 'concrete' block                                      # concreteStmt
  | block                                                 # blockStmt
  ;

// Printed IR: `^construct` (0: none), the statement's source range (printed on the first statement of a
// construct; the others take it from there), then the source ranges of its expressions' nodes in pre-order
// (value, call arguments, guard), `_` for a node without one; a nondet statement's object last, a string
// (ir/README.md: the uninitialized C local whose value it draws).
srcInfo : '^' INT srcRange? ('(' (srcRange | ID)* ')')? STRING? ;

// `line:col+length` (within one line) or `line:col-line:col` (the end is just after the last character).
srcRange : INT ':' INT ('+' INT | '-' INT ':' INT) ;

// `invariant e`: a loop invariant, checked every time the loop's condition is read and assumed at the
// arbitrary state of k-induction's step (docs/gcl.md, docs/cli.md); several clauses are one conjunction.
invariantClause : 'invariant' expr ;

// `else if` chains: the nested `if` carries no tag of its own.
ifTail : 'if' '(' expr ')' block ('else' (ifTail | block))? ;

// `new Node`; `new int32[n]`, an array of n elements; `new Node[n][]`, of n `Node[]` references; `nondet`:
// the elements start arbitrary. (The parser rejects `nondet` without a length.)
allocation : 'new' baseType ('[' expr ']' ('[' ']')*)? 'nondet'? ;

// A variable followed by field accesses and array indexing: `x`, `p.next.val`, `a[i][j]`, `p.items[i].val`.
// `.length` of an array is its length (the checker tells it from a field called `length`).
lvalue : ID selector* ;

selector
  : '.' ID                                                # fieldSelector
  | '[' expr ']'                                          # indexSelector
  ;

args : expr (',' expr)* ;

expr
  : '(' expr ')'                                          # parenExpr
  | intType '(' expr ')'                                  # castExpr
  | op=('fabs' | 'fsqrt' | 'ffloor' | 'fceil' | 'fround' | 'ftrunc') '(' expr ')'  # floatFnExpr
  | op=('-' | 'not' | '!' | '~') expr                     # unaryExpr
  | expr op=('*' | '/' | '%') expr                        # mulExpr
  | expr op=('+' | '-') expr                              # addExpr
  | expr op=('<<' | '>>') expr                            # shiftExpr
  | expr op='&' expr                                      # bitAndExpr
  | expr op='^' expr                                      # bitXorExpr
  | expr op='|' expr                                      # bitOrExpr
  | expr op=('==' | '!=' | '<' | '<=' | '>' | '>=') expr  # cmpExpr
  | expr op=('and' | '&&') expr                           # andExpr
  | expr op=('or' | '||') expr                            # orExpr
  | <assoc = right> expr op='==>' expr                    # impliesExpr
  | INT                                                   # intExpr
  | FLOAT                                                 # floatExpr
  | ('true' | 'false')                                    # boolExpr
  | 'null'                                                # nullExpr
  | ID selector*                                          # pathExpr
  ;

STMT_ID : '#' [0-9]+ ;
// A float literal (exact): a hexadecimal float with the suffix of its type (`0x1.8p+1f64`, `0x0p+0f32`),
// `inf_f64`, or a NaN with its whole bit pattern in hexadecimal (`nan_7ff8000000000000_f64`).
FLOAT
  : ( '0x' [0-9a-f]+ ('.' [0-9a-f]+)? 'p' [+-] [0-9]+ | 'inf_' | 'nan_' [0-9a-f]+ '_' ) ('f32' | 'f64')
  ;
// An integer literal, optionally with the suffix of a fixed-width type: 255u8, -1i32.
INT : [0-9]+ ([iu] ('8' | '16' | '32' | '64'))? ;
ID : [a-zA-Z_] [a-zA-Z0-9_]* ;
STRING : '"' (~["\\\r\n] | '\\' .)* '"' ;

LINE_COMMENT : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
// A `/*` never closed (it cannot contain `*/`, so it never competes with BLOCK_COMMENT): reported as
// "unterminated comment" by the parser's prescan.
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF ;
WS : [ \t\r\n]+ -> skip ;

// Anything else becomes one token the parser reports as "unexpected character".
ERROR_CHAR : . ;
