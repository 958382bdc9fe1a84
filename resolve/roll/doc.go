// Package roll is the generic dice language of "odds roll", for what the
// rule systems do not cover:
//
//	6d6>=4          success count: dice showing 4 or more (also >, <=, <, =)
//	2d6+d4-1        sums of terms with constants
//	4d6kh3, 2d20kl1 keep highest / lowest (k alone means kh)
//	(2d6+1)>=8      a comparison on a group is 1 if it holds, else 0
//	d10+3 vs d10+1  an opposed roll: the left total minus the right
//
// The outcomes are the values. A parsed Expr compiles to a flat program run
// by Trial without allocation, and to an exact distribution by convolution.
package roll
