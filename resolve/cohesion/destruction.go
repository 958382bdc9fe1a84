package cohesion

import (
	"odds/dice"
	"odds/resolve"
)

// destructionNeed is the modified roll that destroys the chosen vehicle
// (14.3.2: "the chosen target is Destroyed on >= 10").
const destructionNeed = 10

func destructionAction() *resolve.Action {
	return &resolve.Action{
		Name:  "vehicle-destruction",
		Short: "vehicle destruction attempt: d10 + the friendly unit's and the vehicle's DRMs, destroyed on 10 or more",
		Sheet: "003: Vehicle Destruction Attempt 14.3.2; its DRM tables (the friendly unit; the vehicle)",
		Examples: []string{
			"odds cohesion vehicle-destruction --squad --heroic-or-armoured --cover",
			"odds cohesion vehicle-destruction --drm 4",
		},
		Outcome: []string{"destroyed", "no-effect"},
		Stats:   []string{"result"},
		Params: []resolve.Param{
			resolve.OptInt("drm", -5, 12, "the total DRM, given directly instead of its parts"),
			resolve.BoolParam("squad", "the friendly unit is a squad or FP, a German MG or infantry section after 9/43, or a reduced japanese/russian squad or section (+2)"),
			resolve.BoolParam("anti-tank", "the friendly unit has an ATV of 0 or more, or is a German squad or FP after 9/43 (+1)"),
			resolve.BoolParam("heroic-or-armoured", "the friendly unit is heroic, has an AV above 2, or is a japanese/russian squad (+1)"),
			resolve.BoolParam("cover", "the vehicle has no good-order combat unit in or next to a cover-terrain hex, hexside or IP (+3)"),
			resolve.BoolParam("carrier-or-shocked", "the vehicle is a carrier or a shocked AFV (+2)"),
			resolve.BoolParam("sunken-road", "an AFV that entered a sunken road through the hedgerows (+1)"),
			resolve.BoolParam("in-motion", "the vehicle is in motion (-1)"),
		},
		Compile: func(v resolve.Args) (resolve.Plan, error) {
			lines := []struct {
				flag string
				drm  int
			}{{"squad", 2}, {"anti-tank", 1}, {"heroic-or-armoured", 1}, {"cover", 3}, {"carrier-or-shocked", 2}, {"sunken-road", 1}, {"in-motion", -1}}
			drm := 0
			for _, l := range lines {
				if v.Bool(l.flag) {
					if v.Has("drm") {
						return nil, resolve.Errorf("drm", "give the total --drm or its parts (--%s), not both", l.flag)
					}
					drm += l.drm
				}
			}
			if v.Has("drm") {
				drm = v.Int("drm")
			}
			layout := resolve.NewLayout([]string{"destroyed", "no-effect"}, []string{"result"}, 10, func(c int, vals []float64) int {
				r := c + 1 + drm
				vals[0] = float64(r)
				return resolve.B2I(r < destructionNeed)
			})
			return resolve.NewPlan(layout, func(s *dice.Stream) int { return s.D(10) - 1 }), nil
		},
	}
}
