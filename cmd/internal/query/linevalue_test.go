package query

import (
	"errors"
	"strings"
	"testing"
)

// TestLineValueFlag: a query object's value no flag could take is
// refused naming its field (the parameter's or the setting's name), as
// a flag's bad value is: odds batch --keep-going gives it as "flag".
func TestLineValueFlag(t *testing.T) {
	for _, c := range []struct{ line, flag string }{
		{`{"system": "opposed", "action": "fire", "params": {"hesa": {"x": 1}}}`, "hesa"},
		{`{"system": "opposed", "action": "fire", "params": {"def": 1, "hesa": [1, [2]]}}`, "hesa"},
		{`{"system": "opposed", "action": "fire", "trials": {}}`, "trials"},
		{`{"system": "opposed", "action": "fire", "seed": [[7]]}`, "seed"},
		{`{"engage": ["a", "b"], "rounds": {"n": 3}}`, "rounds"},
		{`{"system": "opposed", "action": "fire", "until": "x", "attacks": {"n": 3}}`, "attacks"},
	} {
		_, err := ParseLine([]byte(c.line))
		var qe *Error
		if err == nil || !errors.As(err, &qe) || qe.Flag != c.flag || !strings.HasPrefix(err.Error(), "--"+c.flag+": ") {
			t.Errorf("%s: %v (flag %q), want it refused naming --%s", c.line, err, lineFlag(err), c.flag)
		}
	}
}

func lineFlag(err error) string {
	var qe *Error
	if errors.As(err, &qe) {
		return qe.Flag
	}
	return ""
}
