package render

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestCSVLine: csvLine writes a row as encoding/csv's Writer does, on
// edge-case and random fields (quotes, commas, CR and LF, leading
// spaces, `\.`, non-ASCII, invalid UTF-8) and values.
func TestCSVLine(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 7))
	fields := append([]string{`\.`, " lead", "\u00a0nbsp", "\u2003em", "a,b", "x\r\ny", "\"", "\t", "trail "}, edgeStrings...)
	for range 3000 {
		var line csvLine
		var record []string
		for range 1 + rng.IntN(6) {
			var s string
			switch rng.IntN(5) {
			case 0:
				v := edgeValues[rng.IntN(len(edgeValues))]
				line.value(v)
				record = append(record, fmt.Sprint(v))
				continue
			case 1:
				x := edgeFloats[rng.IntN(len(edgeFloats))]
				line.float(x)
				record = append(record, strconv.FormatFloat(x, 'g', 12, 64))
				continue
			case 2:
				b := make([]byte, rng.IntN(6))
				for i := range b {
					const alphabet = " ,\"\r\na\xff\\."
					b[i] = alphabet[rng.IntN(len(alphabet))]
				}
				s = string(b)
			default:
				s = fields[rng.IntN(len(fields))]
			}
			line.str(s)
			record = append(record, s)
		}
		line.b[len(line.b)-1] = '\n'
		var want bytes.Buffer
		cw := csv.NewWriter(&want)
		if err := cw.Write(record); err != nil {
			t.Fatal(err)
		}
		cw.Flush()
		if string(line.b) != want.String() {
			t.Fatalf("%q: csvLine %q, encoding/csv %q", record, line.b, want.String())
		}
	}
}
