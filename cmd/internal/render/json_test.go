package render

import (
	"bytes"
	"testing"
)

// TestWriteJSONValue: the fast path writes what marshal writes.
func TestWriteJSONValue(t *testing.T) {
	for _, v := range []any{"", "rifle-squad", `a"b`, `a\b`, "d10 > 3 < 4 & é", "tab\t", 0, -3, 1 << 40, true, false, 2.5, nil, []int{1, 2}} {
		var b bytes.Buffer
		if err := writeJSONValue(&b, v); err != nil {
			t.Fatal(err)
		}
		want, _ := marshal(v)
		if b.String() != string(want) {
			t.Errorf("%#v: %s, marshal %s", v, b.String(), want)
		}
	}
}
