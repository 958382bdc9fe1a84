package query

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
)

// valueError is a Line's value no flag could take (Value.UnmarshalJSON):
// encoding/json gives a custom decoder's error without the field it
// decoded, so ParseLine finds the field by the value's bytes
// (valueField) and names it, as a flag's bad value is named.
type valueError struct{ raw []byte }

func (e *valueError) Error() string {
	return fmt.Sprintf("want a number, a boolean, a string or a list of them, got %s", e.raw)
}

// valueField is the name of the field of the query object line whose
// value is raw, the bytes encoding/json gave Value.UnmarshalJSON: a
// parameter's name under params, or a run setting's; "" if none is.
func valueField(line, raw []byte) string {
	var fields map[string]json.RawMessage
	if json.Unmarshal(line, &fields) != nil {
		return ""
	}
	var params map[string]json.RawMessage
	_ = json.Unmarshal(fields["params"], &params)
	for _, m := range []map[string]json.RawMessage{params, fields} {
		for _, k := range slices.Sorted(maps.Keys(m)) {
			if bytes.Equal(m[k], raw) {
				return k
			}
		}
	}
	return ""
}
