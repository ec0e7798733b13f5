package compare

import "fmt"

// OptionError is bad input in one of Options' fields: Option is the
// field's name in lower case (data, target, inputs) and Msg, the whole
// message, begins with it.
type OptionError struct {
	Option, Msg string
}

// Error returns the message.
func (e *OptionError) Error() string { return e.Msg }

// optionErrorf returns an *OptionError of option whose message is option
// followed by the formatted text.
func optionErrorf(option, format string, args ...any) error {
	return &OptionError{Option: option, Msg: option + fmt.Sprintf(format, args...)}
}

// OtherDataError is a compare directory that holds another comparison's
// data: its DataFile at Path has other rows or columns, so its finished
// runs are not runs on this data.
type OtherDataError struct {
	Path string
}

// Error says what differs and what to do.
func (e *OtherDataError) Error() string {
	return fmt.Sprintf("%s holds other data (its %s differs: other rows or columns); use a new compare directory", e.Path, DataFile)
}

// ChangedSettingsError is a compare directory whose run config at Path was
// written with other settings (other iterations or another data file), so
// its finished runs are not runs with these settings.
type ChangedSettingsError struct {
	Path string
}

// Error says what differs and what to do.
func (e *ChangedSettingsError) Error() string {
	return fmt.Sprintf("%s was written with other settings (the iterations or the data file differ); "+
		"use a new compare directory, or the first comparison's settings to resume it", e.Path)
}
