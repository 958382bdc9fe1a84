package main

import (
	"context"
	"encoding/json"
	"io"
)

// jsonFormat: one document (what odds serve's API and odds batch answer).
var jsonFormat = format{
	name: "json",
	results: func(ctx context.Context, w io.Writer, rs []*report, st textStyle) error {
		return renderJSON(ctx, w, rs, st.metric)
	},
	compare: func(_ context.Context, w io.Writer, cs []*comparison, _ textStyle) error { return compareJSON(w, cs) },
	listing: func(w io.Writer, _ textStyle, doc any, _ []string, _ [][]string) error {
		out, err := marshal(doc)
		if err != nil {
			return err
		}
		return indentJSON(w, out)
	},
	profiles: func(a *app, w io.Writer, _ textStyle, ps []any) error {
		var docs []json.RawMessage
		for _, p := range ps {
			name, system, kind, fields := a.profileFields(p)
			doc := jsonParams{{Name: "name", Value: name}, {Name: "system", Value: system}, {Name: "kind", Value: kind}, {Name: "fields", Value: jsonParams(fields)}}
			out, err := doc.MarshalJSON()
			if err != nil {
				return err
			}
			docs = append(docs, out)
		}
		out, err := marshal(docs)
		if err != nil {
			return err
		}
		return indentJSON(w, out)
	},
}
