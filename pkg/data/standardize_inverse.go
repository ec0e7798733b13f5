package data

// InverseYAt returns the standardised value v of output d on the original
// scale, v·YStd[d] + YMean[d] (InverseY for one value).
func (s *Standardizer) InverseYAt(d int, v float64) float64 { return v*s.YStd[d] + s.YMean[d] }

// InverseYScaleAt returns a standardised spread v of output d (a standard
// deviation, an interval's width) on the original scale, v·YStd[d].
func (s *Standardizer) InverseYScaleAt(d int, v float64) float64 { return v * s.YStd[d] }

// InverseXAt returns the standardised value v of input d on the original
// scale, v·XStd[d] + XMean[d] (InverseX for one value).
func (s *Standardizer) InverseXAt(d int, v float64) float64 { return v*s.XStd[d] + s.XMean[d] }
