// The site's clock: the foundation works in the Netherlands, so every day and time it shows or
// checks (today's date, an event's time, a closing day's end) is Dutch time, summer time or not,
// whatever the zone of the server or the visitor.
export const DUTCH_TIME_ZONE = 'Europe/Amsterdam';
