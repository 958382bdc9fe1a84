package roll

import (
	"fmt"
	"math"
	"odds/dice"
	"strings"
)

// Limits keep one trial small, the value range printable and the parser's
// recursion shallow: no expression can exhaust the stack or the memory.
const (
	MaxDice    = 1000   // dice in one term
	MaxSides   = 10000  // sides of one die
	MaxConst   = 100000 // a constant or a comparison target
	MaxSpan    = 1 << 20
	MaxLen     = 1000  // characters in an expression
	MaxDepth   = 16    // nested parentheses
	MaxTerms   = 100   // terms, counting those inside groups
	MaxRolled  = 10000 // dice rolled by one trial (before explosions)
	MaxExplode = 9     // explosions of one die: the tenth roll stands
)

// SyntaxError is a problem at a column (1-based) of an expression.
type SyntaxError struct {
	Expr string
	Col  int
	Msg  string
}

func (e *SyntaxError) Error() string {
	expr := e.Expr
	if len(expr) > 60 {
		expr = expr[:57] + "..." // the column still says where
	}
	return fmt.Sprintf("roll %q: column %d: %s", expr, e.Col, e.Msg)
}

// term is one signed summand. Groups hold their own terms.
type term struct {
	kind    kind
	sign    int
	value   int // constant
	n       int // dice
	sides   int
	keep    int                // dice kept, 0 for all
	high    bool               // keep highest
	bang    bool               // exploding: a die showing its highest face rolls again and adds
	reroll  int                // re-roll once a die showing this or less (0: none)
	die     []float64          // compiled: one modified die's distribution (dieDist)
	explode *dice.Exploder     // compiled: draws an exploding die a block of rolls at a time
	rerolls *dice.Rerolled     // compiled: draws a re-rolled die's two rolls at once
	rcount  *dice.RerollCount  // compiled: counts re-rolled dice in lo..hi
	cmp     bool               // a comparison turns dice into a count, a group into 0/1
	lo, hi  int                // the range the comparison accepts
	counter *dice.Counter      // compiled: counts plain dice in lo..hi
	faces   *dice.FaceCounter  // compiled: counts kept plain dice by face
	keeper  *dice.Keeper       // compiled: keeps plain dice by state
	kept    []int32            // compiled: what each keeper state adds
	xkeep   *dice.KeepExploded // compiled: keeps exploding dice (Monte Carlo kernel)
	group   []term
}

type kind int

const (
	kConst kind = iota
	kDice
	kGroup
)

type parser struct {
	src      string
	pos      int
	depth    int // open parentheses around the current position
	terms    int
	rolled   int // dice one trial rolls
	sumStart int // where the innermost sum began, for the comparison hint
}

func (p *parser) errf(col int, format string, args ...any) error {
	return &SyntaxError{Expr: p.src, Col: col + 1, Msg: fmt.Sprintf(format, args...)}
}

func (p *parser) skip() {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '\t') {
		p.pos++
	}
}

func (p *parser) peek() byte {
	p.skip()
	if p.pos >= len(p.src) {
		return 0
	}
	return p.src[p.pos]
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// number reads digits at the current position; what names the number in
// error messages.
func (p *parser) number(what string, lo, hi int) (int, error) {
	start := p.pos
	if start >= len(p.src) || !isDigit(p.src[start]) {
		return 0, p.errf(start, "want %s, found %s", what, p.found())
	}
	v := 0
	for p.pos < len(p.src) && isDigit(p.src[p.pos]) {
		if v <= 1<<40 {
			v = v*10 + int(p.src[p.pos]-'0')
		}
		p.pos++
	}
	if v < lo || v > hi {
		return 0, p.errf(start, "%s must be %d..%d, got %s", what, lo, hi, p.src[start:p.pos])
	}
	return v, nil
}

func (p *parser) found() string {
	if p.pos >= len(p.src) {
		return "the end of the expression"
	}
	return fmt.Sprintf("%q", p.src[p.pos:p.pos+1])
}

// sum := ['+'|'-'] term (('+'|'-') term)*
func (p *parser) sum() ([]term, error) {
	var terms []term
	outer := p.sumStart
	defer func() { p.sumStart = outer }()
	p.skip()
	p.sumStart = p.pos
	sign := 1
	switch p.peek() {
	case '+':
		p.pos++
	case '-':
		sign = -1
		p.pos++
	}
	for {
		t, err := p.term()
		if err != nil {
			return nil, err
		}
		t.sign = sign
		terms = append(terms, t)
		switch p.peek() {
		case '+':
			sign = 1
		case '-':
			sign = -1
		default:
			return terms, nil
		}
		p.pos++
	}
}

// term := (dice | number | '(' sum ')') [cmp number]
func (p *parser) term() (term, error) {
	var t term
	c := p.peek()
	start := p.pos
	if p.terms++; p.terms > MaxTerms {
		return t, p.errf(start, "more than %d terms: split the question", MaxTerms)
	}
	switch {
	case c == '(':
		if p.depth++; p.depth > MaxDepth {
			return t, p.errf(start, "parentheses nested more than %d deep", MaxDepth)
		}
		p.pos++
		g, err := p.sum()
		if err != nil {
			return t, err
		}
		p.depth--
		if p.peek() != ')' {
			return t, p.errf(p.pos, "want ')' to close the '(' at column %d, found %s", start+1, p.found())
		}
		p.pos++
		t = term{kind: kGroup, group: g}
	case c == 'd' || c == 'D' || isDigit(c):
		n := 1
		if isDigit(c) {
			n, _ = p.number("a number", 0, math.MaxInt)
		}
		if c := p.byteAt(p.pos); c != 'd' && c != 'D' {
			if n > MaxConst {
				return t, p.errf(start, "a constant must be 0..%d, got %s", MaxConst, p.src[start:p.pos])
			}
			t = term{kind: kConst, value: n}
			break
		}
		if n < 1 || n > MaxDice {
			return t, p.errf(start, "the number of dice must be 1..%d, got %s", MaxDice, p.src[start:p.pos])
		}
		p.pos++ // 'd'
		sides, err := p.number("the number of sides after 'd'", 1, MaxSides)
		if err != nil {
			return t, err
		}
		t = term{kind: kDice, n: n, sides: sides}
		if p.rolled += n; p.rolled > MaxRolled {
			return t, p.errf(start, "more than %d dice in one expression", MaxRolled)
		}
		if err := p.modifier(&t); err != nil {
			return t, err
		}
		if err := p.keep(&t); err != nil {
			return t, err
		}
	case c == ')':
		return t, p.errf(p.pos, "')' without a matching '('")
	default:
		return t, p.errf(p.pos, "want dice (NdS), a number or '(', found %s", p.found())
	}
	return t, p.compare(&t, start)
}

func (p *parser) byteAt(i int) byte {
	if i < len(p.src) {
		return p.src[i]
	}
	return 0
}

// modifier := '!' | 'r' number
func (p *parser) modifier(t *term) error {
	switch p.byteAt(p.pos) {
	case '!':
		if t.sides == 1 {
			return p.errf(p.pos, "a d1 cannot explode: it always shows its highest face")
		}
		p.pos++
		t.bang = true
	case 'r', 'R':
		start := p.pos
		p.pos++
		r, err := p.number("the highest face to re-roll after 'r'", 1, t.sides)
		if err != nil {
			return err
		}
		if r == t.sides {
			return p.errf(start, "r%d re-rolls every face of a d%d", r, t.sides)
		}
		t.reroll = r
	}
	if c := p.byteAt(p.pos); t.bang && (c == 'r' || c == 'R') || t.reroll > 0 && c == '!' {
		return p.errf(p.pos, "one of '!' (explode) and 'r' (re-roll) per die")
	}
	return nil
}

// keep := ('kh'|'kl'|'k') number
func (p *parser) keep(t *term) error {
	if c := p.byteAt(p.pos); c != 'k' && c != 'K' {
		return nil
	}
	start := p.pos
	p.pos++
	t.high = true
	switch p.byteAt(p.pos) {
	case 'h', 'H':
		p.pos++
	case 'l', 'L':
		t.high = false
		p.pos++
	}
	k, err := p.number("the number of dice to keep", 1, MaxDice)
	if err != nil {
		return err
	}
	if k > t.n {
		return p.errf(start, "keeps %d of only %d dice", k, t.n)
	}
	if k < t.n {
		t.keep = k
	}
	return nil
}

// compare := ('>='|'>'|'<='|'<'|'=') number. termStart is where the
// compared term began.
func (p *parser) compare(t *term, termStart int) error {
	start := p.pos
	op := ""
	switch p.peek() {
	case '>', '<':
		op = p.src[p.pos : p.pos+1]
		p.pos++
		if p.byteAt(p.pos) == '=' {
			op += "="
			p.pos++
		}
	case '=':
		op = "="
		p.pos++
	default:
		return nil
	}
	if t.kind == kConst {
		if before := strings.TrimSpace(p.src[p.sumStart:termStart]); before != "" && before != "+" && before != "-" {
			// A sum before the constant: the user meant to compare the sum.
			left := strings.TrimSpace(p.src[p.sumStart:start])
			return p.errf(start, "a comparison applies to the term on its left, here the constant %s; to compare the sum, group it: %q",
				strings.TrimSpace(p.src[termStart:start]), p.src[:p.sumStart]+"("+left+")"+strings.TrimLeft(p.src[start:], " \t"))
		}
		return p.errf(start, "a comparison needs dice or a group on its left, not a constant")
	}
	p.skip()
	v, err := p.number(fmt.Sprintf("a target number after %q", op), 0, MaxConst)
	if err != nil {
		return err
	}
	lo, hi := -1<<40, 1<<40
	switch op {
	case ">=":
		lo = v
	case ">":
		lo = v + 1
	case "<=":
		hi = v
	case "<":
		hi = v - 1
	case "=":
		lo, hi = v, v
	}
	t.cmp, t.lo, t.hi = true, lo, hi
	return nil
}

// Expr is a parsed expression: Left, or Left minus Right for "vs".
type Expr struct {
	Src         string
	Left, Right []term
}

// Parse parses a dice expression.
func Parse(src string) (*Expr, error) {
	p := &parser{src: src}
	if strings.TrimSpace(src) == "" {
		return nil, &SyntaxError{Expr: src, Col: 1, Msg: "empty expression: want dice such as 2d6+1 or 6d6>=4"}
	}
	if len(src) > MaxLen {
		return nil, &SyntaxError{Expr: src, Col: MaxLen + 1, Msg: fmt.Sprintf("the expression is longer than %d characters", MaxLen)}
	}
	e := &Expr{Src: src}
	var err error
	if e.Left, err = p.sum(); err != nil {
		return nil, err
	}
	if p.peek() == 'v' || p.peek() == 'V' {
		if !strings.EqualFold(p.src[p.pos:min(len(p.src), p.pos+2)], "vs") {
			return nil, p.errf(p.pos, "want 'vs', found %s", p.found())
		}
		p.pos += 2
		if e.Right, err = p.sum(); err != nil {
			return nil, err
		}
	}
	if p.peek() == ')' {
		return nil, p.errf(p.pos, "')' without a matching '('")
	}
	if p.pos < len(p.src) {
		return nil, p.errf(p.pos, "unexpected %s: want +, -, a comparison or 'vs'", p.found())
	}
	lo, hi := e.bounds()
	if hi-lo+1 > MaxSpan {
		return nil, p.errf(0, "the values span %d..%d, more than %d outcomes", lo, hi, MaxSpan)
	}
	return e, nil
}
