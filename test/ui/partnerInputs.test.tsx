import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ComponentType, ReactNode } from 'react';
import {
  AdminContext,
  Form,
  memoryStore,
  ResourceContextProvider,
  TextInput,
  testDataProvider,
  type DataProvider,
} from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReferenceRecord } from '../../domain/reference';
import { closedWeek } from '../../domain/schedule';
import type { Upload } from '../../domain/upload';
import { createDataProvider, type AppDataProvider, type UploadOptions } from '../../providers/dataProvider';
import { httpClient } from '../../src/providers';
import { createI18nProvider } from '../../providers/i18nProvider';
import { catalogues } from '../../src/i18n';
import { OutOfScheduleEditor } from '../../resources/events/steps/OutOfScheduleEditor';
import { EDITOR_MIN_HEIGHT } from '../../resources/shared/RichTextEditor';
import { RichTextDescriptionInput } from '../../resources/shared/RichTextDescriptionInput';
import { AddressInput } from '../../resources/shared/inputs/AddressInput';
import { GalleryInput } from '../../resources/shared/inputs/GalleryInput';
import { HappyHoursInput } from '../../resources/shared/inputs/HappyHoursInput';
import { InputsReadOnlyProvider } from '../../resources/shared/inputs/readOnly';
import { ReferenceDataArrayInput, ReferenceDataInput } from '../../resources/shared/inputs/ReferenceDataInput';
import { UploadInput } from '../../resources/shared/inputs/UploadInput';
import { WorkSchedulesInput } from '../../resources/shared/inputs/WorkSchedulesInput';
import { apiUrl, server } from './msw';
import { fullStylesForThisTest, ShownStyles } from './styles';

const uploadOf = (id: number, originalName: string): Upload => ({
  id,
  url: `/api/v1/uploads/files/${id}.webp`,
  previewUrl: `/api/v1/uploads/files/${id}-preview.webp`,
  mimeType: 'image/webp',
  sizeBytes: 1000,
  width: 800,
  height: 600,
  originalName,
});

/** The form's current values, readable by the test. */
const FormValues = () => {
  const values = useWatch();
  return <pre data-testid="values">{JSON.stringify(values)}</pre>;
};
const formValues = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A submit button that reports the values the form would save (after its validation). */
const SubmitProbe = ({ onSubmit }: { onSubmit?: () => void }) => {
  const { formState } = useFormContext();
  return (
    <button type="submit" onClick={onSubmit} data-submitted={formState.isSubmitted}>
      submit
    </button>
  );
};

interface RenderOptions {
  record?: Record<string, unknown>;
  dataProvider?: DataProvider;
  locale?: string;
  onSubmit?: (values: Record<string, unknown>) => void;
  /** The styles in the document: only whether elements are shown (the default), or all, to measure a size. */
  styles?: ComponentType<{ children: ReactNode }>;
}

/** A length in em or rem as the DOM computes it, at the default font size of 16 px. */
const pixels = (length: string): string => `${parseFloat(length) * 16}px`;

/** The inputs in a react-admin form, with the app's messages, as a record's edit form has them. */
const renderInForm = (
  children: ReactNode,
  {
    record = {},
    dataProvider = testDataProvider(),
    locale = 'en',
    onSubmit = () => undefined,
    styles = ShownStyles,
  }: RenderOptions = {},
) =>
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={createI18nProvider({ catalogues, initialLocale: 'en' })}
      store={memoryStore({ locale })}
    >
      <ResourceContextProvider value="establishments">
        {/* The inputs' own validation is under test, not the DOM's native constraint check (whose step
            arithmetic happy-dom rounds differently from browsers). */}
        <Form record={record} onSubmit={onSubmit} noValidate>
          {children}
          <SubmitProbe />
          <FormValues />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
    { wrapper: styles },
  );

interface PendingUpload {
  file: File;
  options: UploadOptions;
  resolve: (upload: Upload) => void;
}

/** A data provider whose uploads the test advances and settles by hand. */
const manualUploads = () => {
  const pending: PendingUpload[] = [];
  const dataProvider = {
    ...testDataProvider(),
    upload: (file: File, options: UploadOptions = {}) =>
      new Promise<Upload>((resolve) => {
        pending.push({ file, options, resolve });
      }),
  } as unknown as AppDataProvider;
  return { dataProvider, pending };
};

const picture = (name: string) => new File([new Uint8Array(1000)], name, { type: 'image/webp' });

describe('UploadInput', () => {
  it('shows the progress while the file goes up, then its preview as the value', async () => {
    const { dataProvider, pending } = manualUploads();
    renderInForm(<UploadInput source="generalInfos.logo" label="Logo" accept="image" />, { dataProvider });

    await userEvent.upload(screen.getByLabelText('Logo'), picture('terrace.webp'));
    await waitFor(() => expect(pending).toHaveLength(1));
    act(() => pending[0]?.options.onProgress?.(0.4));

    const bar = await screen.findByRole('progressbar', { name: 'Upload of terrace.webp' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Uploading terrace.webp… 40%')).toBeInTheDocument();

    const stored = uploadOf(41, 'terrace.webp');
    await act(async () => pending[0]?.resolve(stored));
    expect(await screen.findByRole('img', { name: 'terrace.webp' })).toHaveAttribute('src', stored.previewUrl);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(formValues().generalInfos.logo).toEqual(stored);
  });

  it('says why the server refused a file and keeps the form as it was', async () => {
    const logo = uploadOf(5, 'old-logo.webp');
    server.use(
      http.post(apiUrl('/uploads'), () => HttpResponse.json({ message: 'UPLOAD_TOO_LARGE' }, { status: 413 })),
    );
    renderInForm(
      <>
        <TextInput source="generalInfos.establishmentName" label="Name" />
        <UploadInput source="generalInfos.logo" label="Logo" accept="image" />
      </>,
      {
        dataProvider: createDataProvider(apiUrl(''), httpClient),
        record: { generalInfos: { establishmentName: '', logo } },
      },
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Name' }), 'Le Romandie');

    await userEvent.upload(screen.getByLabelText('Logo'), picture('huge.webp'));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('huge.webp was not uploaded. The file is larger than 10 MB: choose a smaller one.');
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Le Romandie');
    expect(formValues().generalInfos.logo).toEqual(logo);
    expect(screen.getByRole('img', { name: 'old-logo.webp' })).toBeInTheDocument();
  });

  it('refuses a file over the limit before sending it', async () => {
    const { dataProvider, pending } = manualUploads();
    renderInForm(<UploadInput source="logo" label="Logo" accept="image" />, { dataProvider });
    const tooBig = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'poster.webp', { type: 'image/webp' });
    await userEvent.upload(screen.getByLabelText('Logo'), tooBig);
    expect(await screen.findByRole('alert')).toHaveTextContent('larger than 10 MB');
    expect(pending).toHaveLength(0);
  });
});

describe('GalleryInput', () => {
  const stored = [uploadOf(1, 'bar.webp'), uploadOf(2, 'stage.webp'), uploadOf(3, 'terrace.webp')];
  const record = {
    id: 9,
    generalInfos: { media: stored, mediaListState: { order: [1, 2, 3], added: [], removed: [] } },
  };

  it('reorders with the move buttons and keeps mediaListState in step', async () => {
    renderInForm(<GalleryInput source="generalInfos" />, { record });
    const actor = userEvent.setup();
    const items = () =>
      within(screen.getByRole('list'))
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label'));
    expect(items()).toEqual(['bar.webp, picture 1 of 3', 'stage.webp, picture 2 of 3', 'terrace.webp, picture 3 of 3']);

    await actor.click(screen.getByRole('button', { name: 'Move bar.webp later' }));
    expect(items()[1]).toBe('bar.webp, picture 2 of 3');
    expect(formValues().generalInfos.mediaListState).toEqual({ order: [2, 1, 3], added: [], removed: [] });
    expect(formValues().generalInfos.media.map((item: Upload) => item.id)).toEqual([2, 1, 3]);

    await actor.click(screen.getByRole('button', { name: 'Move terrace.webp earlier' }));
    await actor.click(screen.getByRole('button', { name: 'Remove stage.webp' }));
    expect(formValues().generalInfos.mediaListState).toEqual({ order: [3, 1], added: [], removed: [2] });
  });

  it('uploads several files at once, each with its own bar, and adds them in the order chosen', async () => {
    const { dataProvider, pending } = manualUploads();
    renderInForm(<GalleryInput source="generalInfos" />, { record, dataProvider });

    await userEvent.upload(screen.getByLabelText('Gallery'), [picture('dj.webp'), picture('crowd.webp')]);
    await waitFor(() => expect(pending).toHaveLength(2));
    act(() => pending[1]?.options.onProgress?.(0.5));
    expect(screen.getByRole('progressbar', { name: 'Upload of dj.webp' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByRole('progressbar', { name: 'Upload of crowd.webp' })).toHaveAttribute('aria-valuenow', '50');

    // The second file finishes first; it still comes after the first.
    await act(async () => pending[1]?.resolve(uploadOf(21, 'crowd.webp')));
    await act(async () => pending[0]?.resolve(uploadOf(20, 'dj.webp')));
    await waitFor(() =>
      expect(formValues().generalInfos.mediaListState).toEqual({
        order: [1, 2, 3, 20, 21],
        added: [20, 21],
        removed: [],
      }),
    );
    expect(screen.getByText('5 of 30 pictures')).toBeInTheDocument();
  });

  it('reorders with the keyboard (space, arrow, space on the drag handle)', async () => {
    renderInForm(<GalleryInput source="generalInfos" />, { record });
    const handle = screen.getByRole('button', { name: /^Move bar\.webp \(drag/ });
    handle.focus();
    // dnd-kit measures the items: give the test DOM's empty boxes positions in a row.
    within(screen.getByRole('list'))
      .getAllByRole('listitem')
      .forEach((item, index) => {
        item.getBoundingClientRect = () => ({
          x: index * 200,
          y: 0,
          left: index * 200,
          top: 0,
          right: index * 200 + 150,
          bottom: 150,
          width: 150,
          height: 150,
          toJSON: () => ({}),
        });
      });
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.keyDown(handle, { code: 'ArrowRight', key: 'ArrowRight' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
    await waitFor(() => expect(formValues().generalInfos.mediaListState.order).toEqual([2, 1, 3]));
  });
});

describe('opening and happy hours', () => {
  it('says when a day closes after midnight, and on which day', async () => {
    const workSchedules = {
      ...closedWeek(),
      FRIDAY: { isActive: true, startTime: '22:00', endTime: '04:00' },
      SATURDAY: { isActive: true, startTime: '18:00', endTime: '23:30' },
    };
    renderInForm(<WorkSchedulesInput source="generalInfos.workSchedules" />, {
      record: { generalInfos: { workSchedules } },
    });

    const friday = screen.getByRole('group', { name: 'Friday' });
    expect(within(friday).getByText('Closes the next day (Sat 04:00)')).toBeInTheDocument();
    const saturday = screen.getByRole('group', { name: 'Saturday' });
    expect(within(saturday).queryByText(/next day/)).not.toBeInTheDocument();

    // 18:00 to 02:00 on Saturday now runs into Sunday.
    fireEvent.change(within(saturday).getByLabelText('Closes'), { target: { value: '02:00' } });
    expect(await within(saturday).findByText('Closes the next day (Sun 02:00)')).toBeInTheDocument();
  });

  it('copies one day to all days', async () => {
    const workSchedules = { ...closedWeek(), MONDAY: { isActive: true, startTime: '17:00', endTime: '01:00' } };
    renderInForm(<WorkSchedulesInput source="generalInfos.workSchedules" />, {
      record: { generalInfos: { workSchedules } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Copy the hours of Monday to all days' }));
    await waitFor(() =>
      expect(formValues().generalInfos.workSchedules.SUNDAY).toEqual({
        isActive: true,
        startTime: '17:00',
        endTime: '01:00',
      }),
    );
    expect(
      within(screen.getByRole('group', { name: 'Sunday' })).getByText('Closes the next day (Mon 01:00)'),
    ).toBeInTheDocument();
  });

  it('gives a happy hour past midnight the next-day hint', async () => {
    const happyHours = [{ title: 'Late drinks', days: ['FRIDAY'], startTime: '23:00', endTime: '01:00' }];
    renderInForm(<HappyHoursInput source="additionalInfos.happyHours" />, {
      record: { additionalInfos: { happyHours } },
    });
    expect(await screen.findByText('Ends the next day at 01:00')).toBeInTheDocument();
  });
});

describe('AddressInput', () => {
  afterEach(() => document.querySelectorAll('script').forEach((script) => script.remove()));

  it('without a maps key: the fields by hand, with validation, and no request or script at all', async () => {
    const requests: string[] = [];
    const listener = ({ request }: { request: Request }) => requests.push(request.url);
    server.events.on('request:start', listener);
    const submitted: Record<string, unknown>[] = [];
    renderInForm(<AddressInput source="generalInfos" mapsApiKey="local-no-maps" />, {
      onSubmit: (values) => submitted.push(values),
      record: { generalInfos: { placeId: 'place-kept' } },
    });
    const actor = userEvent.setup();

    // Nothing a user cannot act on: no word about maps keys, no field for Google's place id.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/maps key/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /place/i })).not.toBeInTheDocument();
    await actor.type(screen.getByRole('textbox', { name: 'Address' }), 'Rue de Genève 12');
    await actor.type(screen.getByRole('textbox', { name: /City/ }), 'Lausanne');
    await actor.type(screen.getByRole('spinbutton', { name: 'Latitude' }), '95');
    await actor.type(screen.getByRole('spinbutton', { name: 'Longitude' }), '6.62');
    await actor.click(screen.getByRole('button', { name: 'submit' }));

    expect(await screen.findByText('Must be 90 or less')).toBeInTheDocument();
    expect(submitted).toHaveLength(0);
    await actor.clear(screen.getByRole('spinbutton', { name: 'Latitude' }));
    await actor.type(screen.getByRole('spinbutton', { name: 'Latitude' }), '46.52');
    await actor.click(screen.getByRole('button', { name: 'submit' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({
      generalInfos: {
        localisation: 'Rue de Genève 12',
        city: 'Lausanne',
        lat: 46.52,
        lang: 6.62,
        placeId: 'place-kept',
      },
    });

    server.events.removeListener('request:start', listener);
    expect(requests).toEqual([]);
    expect(document.querySelector('script[src*="maps.googleapis.com"]')).toBeNull();
  });

  it('with a real key: loads Google Places once, in the user language', async () => {
    renderInForm(<AddressInput source="generalInfos" mapsApiKey="AIza-test-key" />);
    await waitFor(() =>
      expect(document.querySelectorAll('script[src^="https://maps.googleapis.com/maps/api/js"]')).toHaveLength(1),
    );
    const src = new URL(document.querySelector<HTMLScriptElement>('script[src*="maps.googleapis.com"]')?.src ?? '');
    expect(src.searchParams.get('key')).toBe('AIza-test-key');
    expect(src.searchParams.get('libraries')).toBe('places');
    expect(src.searchParams.get('language')).toBe('en');
  });
});

describe('reference data inputs', () => {
  const value = (id: number, en: string, fr: string, position: number, isActive = true): ReferenceRecord => ({
    id,
    key: en.toUpperCase(),
    label: { en, fr, de: en, it: en },
    position,
    isActive,
    version: 1,
  });
  const musics = [
    value(3, 'Jazz', 'Jazz manouche', 20),
    value(1, 'Techno', 'Techno minimale', 10),
    value(2, 'Schlager', 'Schlager FR', 30, false),
    value(4, 'Disco', 'Disco FR', 40, false),
  ];
  const serveMusics = () =>
    server.use(
      http.get(apiUrl('/reference-data/musics'), () =>
        HttpResponse.json(musics, {
          headers: { 'Content-Range': 'reference-data/musics 0-3/4', 'Access-Control-Expose-Headers': 'Content-Range' },
        }),
      ),
    );

  it('offers the active values in the user language, by position, and keeps a retired value the record has', async () => {
    serveMusics();
    renderInForm(<ReferenceDataInput source="musicId" kind="musics" label="Music" />, {
      dataProvider: createDataProvider(apiUrl(''), httpClient),
      locale: 'fr',
      record: { musicId: 2 },
    });
    const select = await screen.findByRole('combobox');
    await waitFor(() => expect(select).toHaveTextContent('Schlager FR'));
    await userEvent.click(select);
    // The first option is the empty choice (the field is not required here).
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent?.trim()).filter(Boolean);
    expect(options).toEqual(['Techno minimale', 'Jazz manouche', expect.stringMatching(/^Schlager FR \(/)]);
  });

  it('shows chosen values as chips labelled in the user language', async () => {
    serveMusics();
    renderInForm(<ReferenceDataArrayInput source="specificInfos.musics" kind="musics" label="Musics" />, {
      dataProvider: createDataProvider(apiUrl(''), httpClient),
      locale: 'fr',
      record: { specificInfos: { musics: [3, 1] } },
    });
    expect(await screen.findByRole('button', { name: 'Jazz manouche' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Techno minimale' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox'));
    expect(screen.queryByRole('option', { name: /Disco/ })).not.toBeInTheDocument();
  });

  it('keeps the chips of a read-only record: they have no delete icon to click', async () => {
    serveMusics();
    const record = { specificInfos: { musics: [3, 1] } };
    const renderMusics = (readOnly: boolean) =>
      renderInForm(
        <InputsReadOnlyProvider value={readOnly}>
          <ReferenceDataArrayInput source="specificInfos.musics" kind="musics" label="Musics" />
        </InputsReadOnlyProvider>,
        { dataProvider: createDataProvider(apiUrl(''), httpClient), record },
      );
    const deleteIconOf = async (label: string) =>
      (await screen.findByText(label)).closest('.MuiChip-root')!.querySelector('.MuiChip-deleteIcon');

    const editable = renderMusics(false);
    fireEvent.click((await deleteIconOf('Jazz'))!);
    await waitFor(() => expect(formValues().specificInfos.musics).toEqual([1]));
    editable.unmount();

    renderMusics(true);
    expect(await deleteIconOf('Jazz')).toBeNull();
    expect(await deleteIconOf('Techno')).toBeNull();
    expect(formValues().specificInfos.musics).toEqual([3, 1]);
  });
});

describe('room to type', () => {
  it('adds a happy hour with a button that says so, in the interface language', async () => {
    renderInForm(<HappyHoursInput source="additionalInfos.happyHours" />, {
      record: { additionalInfos: { happyHours: [] } },
      locale: 'de',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Happy Hour hinzufügen' }));
    await waitFor(() => expect(formValues().additionalInfos.happyHours).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: /^Titel/ })).toBeInTheDocument();
  });

  it('opens the formatted description several lines high', async () => {
    renderInForm(<RichTextDescriptionInput source="description.htmlDescription" />, {
      record: { description: { htmlDescription: null } },
      styles: fullStylesForThisTest(),
    });
    const editor = await screen.findByRole('textbox', {}, { timeout: 10_000 });
    await waitFor(() => expect(getComputedStyle(editor).minHeight).toBe(pixels(EDITOR_MIN_HEIGHT)));
  });

  it('gives the out-of-schedule date fields the width of a whole date and time', async () => {
    renderInForm(<OutOfScheduleEditor />, {
      record: { dateAndCalendar: { startTime: '22:00', endTime: '04:00', outOfScheduleEvents: [] } },
      styles: fullStylesForThisTest(),
    });
    const fieldOf = (label: string) => screen.getByLabelText(label).closest('.MuiFormControl-root') as HTMLElement;
    expect(getComputedStyle(fieldOf('Date')).minWidth).toBe(pixels('11rem'));
    expect(getComputedStyle(fieldOf('From')).minWidth).toBe(pixels('7.5rem'));
  });
});
