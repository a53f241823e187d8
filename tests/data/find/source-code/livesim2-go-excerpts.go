					if !ok {
						return nil, fmt.Errorf("drm parameter %q, but no matching  DRM configuration found", cfg.DRM)
					}
					key, err := d.CPIXData.GetContentKey(string(as.ContentType))
					if err != nil {
						return nil, fmt.Errorf("get content key: %w", err)
					}
					keyID := key.KeyID
					cp := m.NewContentProtection()
					cp.SchemeIdUri = "urn:mpeg:dash:mp4protection:2011"
					cp.DefaultKID = keyID.String()
					cp.Value = key.CommonEncryptionScheme
					as.ContentProtections = append(as.ContentProtections, cp)
					for _, drmSys := range d.CPIXData.DRMSystems {
						if !bytes.Equal(drmSys.KeyID, keyID) {
							continue
						}
						fullURN := fmt.Sprintf("urn:uuid:%s", drmSys.SystemID)
						drmSystem, ok := drm.DrmNames[fullURN]
						if !ok {
							return nil, fmt.Errorf("unknown DRM system %s", fullURN)
						}
						cpValue, ok := drm.ContentProtectionValues[fullURN]
						if !ok {
							return nil, fmt.Errorf("unknown DRM system %s", fullURN)
						}
// AlternativeMPDReplaceScheme. Each Event carries a ReplacePresentation that
// points (via @uri) at an ad-decisioning endpoint. A player resolves that URI
// between earliestResolutionTime and presentationTime, switches to the returned
// (List) MPD for the break, and then resumes the live presentation.
const (
	// AlternativeMPDReplaceScheme is the Ed.6 Alternative-MPD Replacement event scheme.
	AlternativeMPDReplaceScheme = "urn:mpeg:dash:event:alternativeMPD:replace:2025"
	// UrlParam2025SchemeIdUri marks usage of the Ed.6 Annex I URL parameters (2025).
	UrlParam2025SchemeIdUri = "urn:mpeg:dash:urlparam:2025"
	// sgaiEventTimescale is the EventStream timescale. 90 kHz matches the MPEG-2 system /
	// SCTE-35 clock that ad-break signaling typically originates from (and allows
				AlternativeMPDEventType: inner,
			},
		})
	}
	// Annex I: carry the main MPD URL query (e.g. the session id) onto the altmpd request
	// and add the execution-delta state of the first signaled break.
	es.RequestParam = []*m.ExtendedUrlInfoType{{
		UrlQueryInfoType: m.UrlQueryInfoType{
			// prta first so the well-formed param is always present even when the MPD URL
			// carries no query ($querypart$ then expands to empty rather than leaving a "&&").
			QueryTemplate:  fmt.Sprintf("prta=$urn:mpeg:dash:state:execution-delta#%d$&$querypart$", insts[0].id),
			UseMPDUrlQuery: true,
		},
		IncludeInRequests: "altmpd",
	}}
