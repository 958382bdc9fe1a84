package render

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"

	"odds/cmd/internal/query"
)

// CompareWriters write --vs comparisons (question.Compare) in each format.
var CompareWriters = Writers[[]*comparison]{
	"table": func(ctx context.Context, w io.Writer, cs []*comparison, st Style) error {
		return compareText(ctx, w, cs, Style{Width: st.Width})
	},
	"markdown": func(ctx context.Context, w io.Writer, cs []*comparison, st Style) error {
		return compareText(ctx, w, cs, Style{Markdown: true, Width: st.Width})
	},
	"csv": func(_ context.Context, w io.Writer, cs []*comparison, _ Style) error { return compareCSV(w, cs) },
	"json": func(_ context.Context, w io.Writer, cs []*comparison, st Style) error {
		return compareJSON(w, cs, st.Compact)
	},
}

// compareText writes each cell's comparison as a table: a row per
// outcome and numeric result, A, B, B-A and the paired interval.
func compareText(ctx context.Context, w io.Writer, cs []*comparison, st Style) error {
	for i, c := range cs {
		if err := ctx.Err(); err != nil {
			return err
		}
		if i > 0 {
			fmt.Fprintln(w)
		}
		t := withParams(Title(c.A), c.A) + " — A, against B: " + c.VS
		heading(w, t, st)
		var rows [][]string
		for _, d := range c.Diffs {
			name, f, sign := d.Name, Pct, SignedPct
			if d.Mean {
				name, f, sign = "mean "+d.Name, Num, SignedNum
			}
			if !d.Mean && d.A == 0 && d.B == 0 && c.Exact {
				continue // impossible on both sides
			}
			ci := "exact"
			if !c.Exact {
				ci = sign(d.Lo) + " – " + sign(d.Hi)
			}
			mark := ""
			if d.Significant {
				mark = "*"
			}
			rows = append(rows, []string{name, f(d.A), f(d.B), sign(d.D), ci, mark})
		}
		if err := table(w, st.Markdown, st.Width, []string{"figure", "A", "B", "B − A", "95% ci of B − A", ""}, rows); err != nil {
			return err
		}
		if st.Markdown {
			fmt.Fprintln(w)
		}
		foot := "exact: both sides, * B differs from A"
		if !c.Exact {
			foot = fmt.Sprintf("paired monte carlo: %s trials on common dice, seed %d, %d workers, * the interval excludes 0%s",
				query.Group(c.Trials), c.A.Seed, c.A.Workers, PrecisionNote(c.A.Precision, c.A.Ceiling, c.Trials))
		}
		footnote(w, foot, st)
	}
	return nil
}

// jsonDiff is one figure of a comparison in JSON.
type jsonDiff struct {
	Name        string     `json:"name"`
	Kind        string     `json:"kind"` // outcome (probability) or mean
	A           float64    `json:"a"`
	B           float64    `json:"b"`
	Diff        float64    `json:"diff"`
	CI95        [2]float64 `json:"ci95"`
	Significant bool       `json:"significant"`
}

func compareJSON(w io.Writer, cs []*comparison, compact bool) error {
	type jsonCompare struct {
		VS     string     `json:"vs"`
		Exact  bool       `json:"exact"`
		Trials int64      `json:"trials"`
		A      jsonResult `json:"a"`
		B      jsonResult `json:"b"`
		Diffs  []jsonDiff `json:"diffs"`
	}
	doc := struct {
		Kind        string        `json:"kind"`
		Comparisons []jsonCompare `json:"comparisons"`
	}{Kind: "compare"}
	for _, c := range cs {
		jc := jsonCompare{VS: c.VS, Exact: c.Exact, Trials: c.Trials, A: newJSONResult(c.A), B: newJSONResult(c.B)}
		for _, d := range c.Diffs {
			kind := "outcome"
			if d.Mean {
				kind = "mean"
			}
			jc.Diffs = append(jc.Diffs, jsonDiff{Name: d.Name, Kind: kind, A: round12(d.A), B: round12(d.B), Diff: round12(d.D),
				CI95: [2]float64{round12(d.Lo), round12(d.Hi)}, Significant: d.Significant})
		}
		doc.Comparisons = append(doc.Comparisons, jc)
	}
	return encodeJSON(w, doc, compact)
}

// compareCSV writes a row per cell: the cards and parameters of A, then
// a_, b_, d_, dlo_ and dhi_ of every figure (means as mean:NAME).
func compareCSV(w io.Writer, cs []*comparison) error {
	cw := csv.NewWriter(w)
	first := cs[0]
	head := []string{"system", "action", "vs"}
	for _, c := range first.A.Cards {
		head = append(head, c.Name)
	}
	for p := range first.A.EachParam() {
		head = append(head, p.Name)
	}
	for _, d := range first.Diffs {
		n := d.Name
		if d.Mean {
			n = "mean:" + n
		}
		head = append(head, "a_"+n, "b_"+n, "d_"+n, "dlo_"+n, "dhi_"+n)
	}
	head = append(head, "trials", "seed", "exact")
	if err := cw.Write(head); err != nil {
		return err
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', 12, 64) }
	for _, c := range cs {
		row := []string{c.A.System, c.A.Action, c.VS}
		for _, x := range c.A.Cards {
			row = append(row, fmt.Sprint(x.Value))
		}
		for p := range c.A.EachParam() {
			row = append(row, fmt.Sprint(p.Value))
		}
		for _, d := range c.Diffs {
			row = append(row, f(d.A), f(d.B), f(d.D), f(d.Lo), f(d.Hi))
		}
		row = append(row, strconv.FormatInt(c.Trials, 10), strconv.FormatUint(c.A.Seed, 10), strconv.FormatBool(c.Exact))
		if err := cw.Write(row); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}
