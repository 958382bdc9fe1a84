package render

import (
	"encoding/json"
	"io"
)

// jsonFormat: one document (what odds serve's API and odds batch answer).
var jsonFormat = Format{
	Name: "json",
	Listing: func(w io.Writer, _ Style, doc any, _ []string, _ [][]string) error {
		out, err := marshal(doc)
		if err != nil {
			return err
		}
		return indentJSON(w, out)
	},
	Profiles: func(w io.Writer, _ Style, ps []Profile) error {
		var docs []json.RawMessage
		for _, p := range ps {
			doc := jsonParams{{Name: "name", Value: p.Name}, {Name: "system", Value: p.System}, {Name: "kind", Value: p.Kind}, {Name: "fields", Value: jsonParams(p.Fields)}}
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
