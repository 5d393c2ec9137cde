/**
 * A new event started from the calendar: the clicked day (and, in the week's time grid, the clicked time)
 * prefilled in the stepper's date step. The create page reads them from `?source=` JSON, react-admin's
 * way of prefilling a create form (useRecordFromLocation, merged over the form's defaults), so the link
 * also works when opened in a new tab.
 */
export interface NewEventPrefill {
  /** `YYYY-MM-DD`, Zurich wall-clock. */
  startDate: string;
  /** `HH:mm`, Zurich wall-clock; only from a time slot. */
  startTime?: string;
}

export const newEventPath = (prefill: NewEventPrefill): string =>
  `/events/create?source=${encodeURIComponent(JSON.stringify({ dateAndCalendar: prefill }))}`;

/**
 * The prefill of a clicked day or time slot. FullCalendar runs in its UTC mode showing Zurich wall-clock
 * (zurichWallClock.ts), so the Date's UTC fields are the Zurich day and time the user clicked.
 */
export const prefillOfSlot = (date: Date, allDay: boolean): NewEventPrefill => {
  const wallClock = date.toISOString();
  const startDate = wallClock.slice(0, 10);
  return allDay ? { startDate } : { startDate, startTime: wallClock.slice(11, 16) };
};
