import CloseIcon from '@mui/icons-material/Close';
import EditNoteIcon from '@mui/icons-material/EditNote';
import PublicIcon from '@mui/icons-material/Public';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, IconButton, Stack, Step, StepButton, Stepper, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Form, setSubmissionErrors, useSaveContext, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useFormState, type FieldErrors, type FieldValues } from 'react-hook-form';
import type { UpdateScope } from '../../domain/enums';
import { EVENT_SECTIONS, type EventFlow, type EventSection, type SaveAction } from '../../domain/event';
import { eventValidator, sectionOf, sectionProblems, translateServerErrors } from './eventValidation';
import { EditedSeriesContext, type EditedSeries } from './occurrence';
import { DateAndCalendarStep } from './steps/DateAndCalendarStep';
import { GeneralInfosStep } from './steps/GeneralInfosStep';
import { DescriptionAndMediaStep, DescriptionStep } from './steps/MediaSteps';
import { OccurrenceScopeDialog } from './OccurrenceScopeDialog';

const EVENTS = 'resources.events';

/** One save button: its save action, its label and how it looks. */
interface SaveChoice {
  saveAction: SaveAction;
  label: string;
  icon: ReactNode;
  primary: boolean;
}

/** The save actions each stepper offers (domain/event.ts SAVE_ACTION_OUTCOMES). */
export const saveChoicesFor = (flow: EventFlow, mode: 'create' | 'edit', isDraft: boolean): SaveChoice[] => {
  if (flow === 'promoter')
    return [{ saveAction: 'requestEvent', label: `${EVENTS}.actions.sendRequest`, icon: <SendIcon />, primary: true }];
  if (mode === 'create') {
    return [
      { saveAction: 'createPublished', label: `${EVENTS}.actions.publish`, icon: <PublicIcon />, primary: true },
      { saveAction: 'createDraft', label: `${EVENTS}.actions.saveAsDraft`, icon: <EditNoteIcon />, primary: false },
    ];
  }
  return [
    { saveAction: 'publish', label: `${EVENTS}.actions.publish`, icon: <PublicIcon />, primary: true },
    {
      saveAction: isDraft ? 'updateDraft' : 'saveAsDraft',
      label: `${EVENTS}.actions.saveAsDraft`,
      icon: <EditNoteIcon />,
      primary: false,
    },
  ];
};

/** The occurrence being edited (`?occurrence=`): its key, for the update scope, and its series, for the preview. */
export interface EditedOccurrence {
  originalStartsAt: string;
  /** Where the occurrence takes place now (its row applied): what the date step says is being edited. */
  startsAt: string;
  endsAt: string;
  series: EditedSeries;
}

export interface EventStepperProps {
  mode: 'create' | 'edit';
  flow: EventFlow;
  /** The form's values: a new event's defaults, the record, or the record at one occurrence. */
  record: Partial<RaRecord>;
  /** What the form holds after Close: the defaults, with the record's id in update mode. */
  resetValues: FieldValues;
  establishmentFixed: boolean;
  occurrence: EditedOccurrence | null;
  onClose: () => void;
  /** Above the steps (the occurrence banner, a request's status…). */
  header?: ReactNode;
  /** Beside the save buttons (Delete this occurrence). */
  extraActions?: ReactNode;
}

const firstSectionWithErrors = (errors: FieldErrors | Record<string, unknown>): number =>
  EVENT_SECTIONS.findIndex((section) => Object.keys(errors).some((path) => sectionOf(path) === section));

/** The event stepper: one step per record section, each validated before the next, and the flow's save actions. */
export const EventStepper = (props: EventStepperProps) => (
  <Form
    record={props.record}
    validate={eventValidator(props.flow)}
    mode="onChange"
    reValidateMode="onChange"
    noValidate
  >
    <EditedSeriesContext.Provider value={props.occurrence?.series ?? null}>
      <StepperBody {...props} />
    </EditedSeriesContext.Provider>
  </Form>
);

const StepContent = ({
  section,
  flow,
  mode,
  occurrence,
  establishmentFixed,
}: { section: EventSection } & EventStepperProps) => {
  switch (section) {
    case 'generalInfos':
      return <GeneralInfosStep flow={flow} establishmentFixed={establishmentFixed} />;
    case 'dateAndCalendar':
      return (
        <DateAndCalendarStep
          showOutOfScheduleEditor={mode === 'edit' && occurrence === null}
          editedOccurrence={occurrence ? { startsAt: occurrence.startsAt, endsAt: occurrence.endsAt } : null}
        />
      );
    case 'descriptionAndMedia':
      return <DescriptionAndMediaStep flow={flow} />;
    default:
      return <DescriptionStep />;
  }
};

const StepperBody = (props: EventStepperProps) => {
  const { mode, flow, occurrence, resetValues, onClose, header, extraActions } = props;
  const translate = useTranslate();
  const form = useFormContext();
  const { isSubmitting, errors } = useFormState();
  const { save } = useSaveContext();
  const [active, setActive] = useState(0);
  const [pendingSave, setPendingSave] = useState<SaveAction | null>(null);
  const last = EVENT_SECTIONS.length - 1;

  /** Shows the section's problems on its fields; true when there are none. */
  const validateSection = (section: EventSection): boolean => {
    const problems = sectionProblems(form.getValues(), section, flow);
    form.clearErrors(section);
    const paths = Object.keys(problems);
    for (const path of paths) form.setError(path, { type: 'manual', message: problems[path] as string });
    return paths.length === 0;
  };

  /** Forward only through valid steps; back always. */
  const goTo = (target: number) => {
    for (let step = active; step < target; step += 1) {
      if (!validateSection(EVENT_SECTIONS[step] as EventSection)) {
        setActive(step);
        return;
      }
    }
    setActive(target);
  };

  const jumpToErrors = (found: Record<string, unknown>) => {
    const flat = Object.keys(found).flatMap((key) =>
      key.includes('.') ? [key] : Object.keys((found[key] as object) ?? {}).map((child) => `${key}.${child}`),
    );
    const index = firstSectionWithErrors(Object.fromEntries(flat.map((path) => [path, true])));
    if (index >= 0) setActive(index);
  };

  const submit = (saveAction: SaveAction, scope: UpdateScope | null) =>
    form.handleSubmit(
      async (values) => {
        // One occurrence's save leaves the out-of-schedule rows to the server (updateScope writes them).
        const { outOfScheduleEvents, ...dates } = values.dateAndCalendar as Record<string, unknown>;
        const dateAndCalendar = occurrence ? dates : { ...dates, outOfScheduleEvents };
        const body = {
          ...values,
          saveAction,
          ...(occurrence && scope ? { originalStartsAt: occurrence.originalStartsAt } : {}),
          dateAndCalendar: { ...dateAndCalendar, updateScope: occurrence ? scope : null },
        };
        const serverErrors = await save?.(body);
        if (serverErrors) {
          const translated = translateServerErrors(serverErrors) as Record<string, unknown>;
          setSubmissionErrors(translated as never, form.setError);
          jumpToErrors(translated);
        }
      },
      (invalid) => jumpToErrors(invalid as Record<string, unknown>),
    )();

  /** One occurrence: valid first, then which occurrences the change is for. */
  const onSaveClick = async (saveAction: SaveAction) => {
    if (!occurrence) return submit(saveAction, null);
    if (await form.trigger()) setPendingSave(saveAction);
    else jumpToErrors(form.formState.errors as Record<string, unknown>);
    return undefined;
  };

  const close = () => {
    form.reset(resetValues);
    setActive(0);
    onClose();
  };

  const choices = saveChoicesFor(flow, mode, form.getValues('visibility') === 'DRAFT');
  const showSave = mode === 'edit' || active === last;

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, width: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', mb: 2 }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1 }}>
          {translate(
            `${EVENTS}.titles.${occurrence ? 'occurrence' : mode === 'edit' ? 'edit' : flow === 'promoter' ? 'request' : 'create'}`,
          )}
        </Typography>
        <IconButton onClick={close} aria-label={translate(`${EVENTS}.actions.close`)}>
          <CloseIcon />
        </IconButton>
      </Stack>
      {header}
      <Stepper nonLinear activeStep={active} alternativeLabel sx={{ my: 3 }}>
        {EVENT_SECTIONS.map((section, index) => (
          <Step key={section} completed={index < active}>
            <StepButton onClick={() => goTo(index)} optional={errors[section] ? <ErrorMark /> : undefined}>
              {translate(`${EVENTS}.steps.${section}`)}
            </StepButton>
          </Step>
        ))}
      </Stepper>
      {EVENT_SECTIONS.map((section, index) => (
        <Box
          key={section}
          role="group"
          aria-label={translate(`${EVENTS}.steps.${section}`)}
          hidden={index !== active}
          sx={{ maxWidth: 900 }}
        >
          {/* Every step stays mounted: a server error on any field finds its input. */}
          <StepContent section={section} {...props} />
        </Box>
      ))}
      <Stack direction="row" spacing={1} sx={{ mt: 3, flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Button onClick={() => goTo(active - 1)} disabled={active === 0}>
          {translate(`${EVENTS}.actions.back`)}
        </Button>
        {active < last ? (
          <Button variant={showSave ? 'outlined' : 'contained'} onClick={() => goTo(active + 1)}>
            {translate(`${EVENTS}.actions.next`)}
          </Button>
        ) : null}
        <Box sx={{ flex: 1 }} />
        {extraActions}
        {showSave
          ? choices.map((choice) => (
              <Button
                key={choice.saveAction}
                variant={choice.primary ? 'contained' : 'outlined'}
                startIcon={choice.icon}
                disabled={isSubmitting}
                onClick={() => void onSaveClick(choice.saveAction)}
              >
                {translate(choice.label)}
              </Button>
            ))
          : null}
      </Stack>
      <OccurrenceScopeDialog
        open={pendingSave !== null}
        onCancel={() => setPendingSave(null)}
        onChoose={(scope) => {
          const saveAction = pendingSave;
          setPendingSave(null);
          if (saveAction) void submit(saveAction, scope);
        }}
      />
    </Box>
  );
};

const ErrorMark = () => {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="error">
      {translate('resources.shared.validation.invalid')}
    </Typography>
  );
};
