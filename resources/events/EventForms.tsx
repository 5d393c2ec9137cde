/** The create and edit pages of events: the stepper of the viewer's flow (filled in by the steppers work). */
export const EventCreate = () => null;
export const EventEdit = () => null;
