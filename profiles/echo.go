package profiles

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// MaxEcho is the most characters of a string from a profile file (or a
// name the user typed) that a message echoes.
const MaxEcho = 60

// Quote is how every problem message echoes a user's string: quoted as
// %q quotes it, so that a newline cannot forge a second "odds: error:"
// line and an escape sequence cannot reach the terminal, and cut to
// MaxEcho characters inside the quotes, with an ellipsis after the closing
// quote when it was cut: "root:x:0:0:root:/root:/bin/bash daemon:x:1:1…"…
// A key in a path and a file name are echoed as written when they are
// plain (see pathKey and fileName).
func Quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	n := 0
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		esc := strconv.Quote(s[i : i+size])
		esc = esc[1 : len(esc)-1] // one rune as %q writes it: a, \n, \x1b, \xff
		if n += utf8.RuneCountInString(esc); n > MaxEcho {
			b.WriteString(`"…`)
			return b.String()
		}
		b.WriteString(esc)
		i += size
	}
	b.WriteByte('"')
	return b.String()
}

// plainKey is a mapping key that a path shows as written: the characters
// of field and row names (and <<), none of the path's own . [ ]. It is
// compiled on first use, as the other patterns here are: a run that
// reads no profile file pays nothing for them at start-up.
var plainKey = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9_<>-]+$`) })

// pathKey is a mapping key as a path in a message shows it: as written
// when plain and short (units[0].hesa), else quoted and cut by Quote
// (units[0]."x\nodds: error: forged").
func pathKey(key string) string {
	if plainKey().MatchString(key) && len(key) <= MaxEcho {
		return key
	}
	return Quote(key)
}

// fileName is a file's name as a position shows it: as given when every
// character is printable, else quoted in full, never cut (a position must
// name its file, and a path may well be longer than MaxEcho).
func fileName(name string) string {
	for _, r := range name {
		if r == utf8.RuneError || !unicode.IsPrint(r) {
			return strconv.Quote(name)
		}
	}
	return name
}

// clip makes a message safe to echo when it comes from elsewhere (the
// values parser of resolve, the YAML decoder) or was built here: every
// quoted string in it is re-quoted by Quote, so cut to MaxEcho, and any
// character outside quotes that is not printable (a newline, ESC) is
// escaped as %q escapes it. Quote's own output passes through unchanged.
func clip(msg string) string {
	var b strings.Builder
	for i := 0; i < len(msg); {
		if msg[i] == '"' {
			if q, err := strconv.QuotedPrefix(msg[i:]); err == nil {
				if s, err := strconv.Unquote(q); err == nil {
					b.WriteString(Quote(s))
					i += len(q)
					continue
				}
			}
		}
		r, size := utf8.DecodeRuneInString(msg[i:])
		if (r == utf8.RuneError && size == 1) || (!unicode.IsPrint(r) && r != ' ') {
			esc := strconv.Quote(msg[i : i+size])
			b.WriteString(esc[1 : len(esc)-1])
		} else {
			b.WriteString(msg[i : i+size])
		}
		i += size
	}
	return b.String()
}
