// Package cohesion is the d10 cohesion system of sheet 003 (a player aid
// for The Last Hundred Yards): a d10 plus a DRM, the Final Fire Attack
// Result (FFAR), against a unit's Cohesion or a vehicle's armour value;
// the assault table read by d10 plus clamped DRMs; and vehicle destruction
// attempts.
//
// Files follow the sheet: cohesion.go (the system and its cards), fire.go
// (Small Arms, Mortar and Anti-Tank fire, 13.1 and 13.3), assault.go
// (Assault 14.0 and its table), destruction.go (Vehicle Destruction
// Attempt 14.3.2 and its DRMs).
//
// cohesion imports dice and resolve, nothing else from this module.
package cohesion
