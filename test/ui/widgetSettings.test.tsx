import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import {
  BACK_OFFICE_MESSAGE_SOURCE,
  WIDGET_DEFAULTS,
  WIDGET_FONTS,
  WIDGET_MESSAGE_SOURCE,
  widgetPresentation,
} from '../../domain/widget';
import { venueAdmin } from './eventList.fixtures';
import { ana } from './msw';
import { renderApp, startSignedIn } from './renderApp';
import { serveWidgetSettings, widgetRecord } from './widgetSettings.fixtures';

const currentPath = () => screen.getByTestId('location').textContent;

/** The edit page can take a while to render the first time a worker shows it (its chunk, every input). */
const PAGE = { timeout: 15_000 };

/** Opens the widget settings of venue 3 (Gleis 7 Club) as ROOT, its record `record`. */
const openWidget = async (record = widgetRecord(31, 3)) => {
  const calls = serveWidgetSettings([record, widgetRecord(32, 4)]);
  startSignedIn(ana);
  renderApp(`/iframe/${record.id}`);
  await screen.findByRole('button', { name: 'Rotate key' }, PAGE);
  return calls;
};

const hexField = (name: string) => screen.getByRole('textbox', { name });

const typeHex = async (name: string, hex: string) => {
  const field = hexField(name);
  await userEvent.clear(field);
  await userEvent.type(field, hex);
};

describe('the widget settings page', () => {
  it('takes an ADMIN straight to the widget of its establishment', async () => {
    serveWidgetSettings(undefined, [3]);
    startSignedIn(venueAdmin);
    renderApp('/iframe');
    await waitFor(() => expect(currentPath()).toBe('/iframe/31'), PAGE);
    expect(await screen.findByText('Widget of Gleis 7 Club', {}, PAGE)).toBeInTheDocument();
  });

  it('has ROOT pick the establishment first, then opens its widget at its own address', async () => {
    serveWidgetSettings();
    startSignedIn(ana);
    renderApp('/iframe');
    const choice = await screen.findByRole('combobox', { name: 'Establishment' }, PAGE);
    await userEvent.type(choice, 'bar');
    await userEvent.click(await screen.findByRole('option', { name: /Bar du Port/ }));
    await waitFor(() => expect(currentPath()).toBe('/iframe/32'));
    expect(await screen.findByText('Widget of Bar du Port', {}, PAGE)).toBeInTheDocument();
  });

  it('offers the fifteen fonts', async () => {
    await openWidget();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Font' }));
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(
      WIDGET_FONTS.map((font) => (font === 'Rightuous' ? 'Righteous' : font)),
    );
  });

  it('warns of text below WCAG AA with its ratio and the shade shown instead, and not of readable text', async () => {
    await openWidget();
    // The defaults' green text is 3.29:1 on their background: shown cut, never rounded up towards the minimum.
    const text = screen.getByRole('group', { name: 'Text' });
    const warning = within(text).getByText(/Contrast 3\.2:1 on the background: below the 4\.5:1/);
    expect(warning).toHaveTextContent('The widget shows a darker shade instead: #3A7E66');
    expect(warning.querySelector('[data-swatch]')).toHaveStyle({ backgroundColor: '#3A7E66' });
    await typeHex('Text', '#1A1A1A');
    expect(within(text).queryByText(/Contrast/)).not.toBeInTheDocument();
    // White button text on a light accent, read against the accent as the widget shows it (darkened to 3:1).
    await typeHex('Accent', '#F4C100');
    expect(await screen.findByText(/Contrast [23]\.\d:1 on the accent colour/)).toBeInTheDocument();
  });

  it('writes the ratio as the interface language writes numbers', async () => {
    localStorage.setItem('RaStoreBackoffice.lang', JSON.stringify('fr'));
    serveWidgetSettings();
    startSignedIn(ana);
    renderApp('/iframe/31');
    expect(
      await screen.findByText(/Contraste de 3,2:1 sur le fond : sous les 4,5:1 du WCAG AA/, {}, PAGE),
    ).toBeInTheDocument();
  });

  it('updates the colour picker from a hex typed in', async () => {
    await openWidget();
    await typeHex('Accent', '#C0FFEE');
    expect(screen.getByLabelText('Choose the colour: Accent')).toHaveValue('#c0ffee');
  });

  it('resets the look to the defaults as an unsaved change', async () => {
    const calls = await openWidget(
      widgetRecord(31, 3, {
        fontFamilyName: 'Oswald',
        hasEnabledCalendar: true,
        happyHoursTitle: 'Apéro',
        colorPalette: { ...WIDGET_DEFAULTS.colorPalette, accent: '#AA0000' },
      }),
    );
    expect(screen.getByRole('combobox', { name: 'Font' })).toHaveTextContent('Oswald');
    await userEvent.click(screen.getByRole('button', { name: 'Reset to defaults' }));
    expect(screen.getByRole('combobox', { name: 'Font' })).toHaveTextContent('Inter');
    expect(hexField('Accent')).toHaveValue(WIDGET_DEFAULTS.colorPalette.accent);
    expect(screen.getByRole('switch', { name: 'Month calendar' })).not.toBeChecked();
    expect(screen.getByRole('textbox', { name: 'Happy-hours heading' })).toHaveValue('Default');
    expect(calls.puts).toEqual([]);
    expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled();

    // Leaving with the reset unsaved asks first; staying keeps it.
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Dashboard' }));
    await waitFor(() => expect(confirm).toHaveBeenCalled());
    expect(currentPath()).toBe('/iframe/31');
    expect(screen.getByRole('combobox', { name: 'Font' })).toHaveTextContent('Inter');
  });

  it('saves the whole look, the allowed sites and the version read', async () => {
    const calls = await openWidget(widgetRecord(31, 3, {}, { allowedOrigins: ['https://gleis7.ch'] }));
    await userEvent.click(screen.getByRole('switch', { name: 'Month calendar' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add a website' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'Website 2' }), 'HTTPS://Bar.Example.CH:443/');
    await typeHex('Accent', '#123456');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.puts).toHaveLength(1));
    expect(calls.puts[0]).toEqual({
      id: '31',
      body: {
        widgetTheme: {
          ...WIDGET_DEFAULTS,
          hasEnabledCalendar: true,
          colorPalette: { ...WIDGET_DEFAULTS.colorPalette, accent: '#123456' },
        },
        allowedOrigins: ['https://gleis7.ch', 'HTTPS://Bar.Example.CH:443/'],
        version: 4,
      },
    });
    // The form now holds what the server stored, and leaving asks nothing.
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Website 2' })).toHaveValue('https://bar.example.ch'),
    );
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await userEvent.click(screen.getByRole('menuitem', { name: 'Dashboard' }));
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(confirm).not.toHaveBeenCalled();
  });

  it('checks each allowed site as the server does', async () => {
    const calls = await openWidget();
    expect(screen.getByText('Any website may show the widget.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a website' }));
    const site = screen.getByRole('textbox', { name: 'Website 1' });
    await userEvent.type(site, 'https://gleis7.ch/events');
    await userEvent.tab();
    expect(await screen.findByText('A website as https://example.ch, without a path')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(calls.puts).toEqual([]);
    await userEvent.clear(site);
    await userEvent.type(site, 'https://gleis7.ch');
    await waitFor(() =>
      expect(screen.queryByText('A website as https://example.ch, without a path')).not.toBeInTheDocument(),
    );
  });

  it('rotates the key only after a confirmation, then shows the new key in the snippet', async () => {
    const calls = await openWidget();
    expect(screen.getByRole('textbox', { name: 'Key in the widget’s address' })).toHaveValue('key-of-widget-31');
    await userEvent.click(screen.getByRole('button', { name: 'Rotate key' }));
    const dialog = await screen.findByRole('dialog', { name: 'Give the widget a new key?' });
    expect(dialog).toHaveTextContent('stops working at once');
    expect(calls.rotations).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Rotate key' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Key in the widget’s address' })).toHaveValue('rotated-key-1'),
    );
    expect(calls.rotations).toEqual([{ id: '31', body: { version: 4 } }]);
    expect(
      screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Code to paste into your website' }).value,
    ).toContain('/external/widgets/rotated-key-1"');
    expect(screen.getByTitle('Preview of the widget')).toHaveAttribute(
      'src',
      '/external/widgets/rotated-key-1?preview=1&lang=en',
    );
  });

  it('shows the snippet with the key and copies it', async () => {
    await openWidget();
    const writeText = vi.fn<(text: string) => Promise<void>>().mockResolvedValue(undefined);
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const origin = window.location.origin;
    const snippet =
      `<iframe src="${origin}/external/widgets/key-of-widget-31" title="Gleis 7 Club – events" ` +
      `style="width:100%;border:0" loading="lazy"></iframe>\n` +
      `<script src="${origin}/external/widget-embed.js" async></script>`;
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Code to paste into your website' })).toHaveValue(snippet),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    expect(writeText).toHaveBeenCalledWith(snippet);
    expect(await screen.findByText('Code copied')).toBeInTheDocument();

    // A browser that refuses: the code is selected for copying by hand, and the page says so.
    writeText.mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await userEvent.click(screen.getByRole('button', { name: 'Copy the code' }));
    expect(await screen.findByText(/did not allow copying: the code is selected/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code to paste into your website' })).toHaveFocus();
  });

  it('feeds the preview the unsaved look once its own frame is ready, and ignores other frames', async () => {
    await openWidget();
    const frame = screen.getByTitle<HTMLIFrameElement>('Preview of the widget');
    expect(frame.getAttribute('src')).toBe('/external/widgets/key-of-widget-31?preview=1&lang=en');
    // The test DOM loads no frame: its window stands in, as the page reaches it (the frame's contentWindow).
    const posted = vi.fn();
    const preview = { postMessage: posted } as unknown as Window;
    Object.defineProperty(frame, 'contentWindow', { configurable: true, get: () => preview });
    const ready = { source: WIDGET_MESSAGE_SOURCE, type: 'preview-ready' };
    const origin = window.location.origin;

    act(() => {
      window.dispatchEvent(new MessageEvent('message', { data: ready, origin, source: window }));
      window.dispatchEvent(
        new MessageEvent('message', { data: ready, origin: 'https://evil.example', source: preview }),
      );
    });
    expect(posted).not.toHaveBeenCalled();

    act(() => window.dispatchEvent(new MessageEvent('message', { data: ready, origin, source: preview })));
    await waitFor(() =>
      expect(posted).toHaveBeenLastCalledWith(
        {
          source: BACK_OFFICE_MESSAGE_SOURCE,
          type: 'preview',
          presentation: widgetPresentation({ ...WIDGET_DEFAULTS, colorPalette: { ...WIDGET_DEFAULTS.colorPalette } }),
        },
        origin,
      ),
    );

    await userEvent.click(screen.getByRole('switch', { name: 'Month calendar' }));
    await waitFor(() =>
      expect(posted.mock.lastCall?.[0]).toMatchObject({ presentation: { switches: { calendar: true } } }),
    );
  });
});

describe('the pro logo switch', () => {
  /** The record as the API answers it with billing: `proLogoIncluded` (read only) from the paid plan. */
  const withProLogo = (included: boolean, theme: Parameters<typeof widgetRecord>[2] = {}) =>
    widgetRecord(31, 3, theme, { proLogoIncluded: included } as Parameters<typeof widgetRecord>[3]);

  it('is disabled with a hint and a link to the billing page while the plan does not include it', async () => {
    await openWidget(withProLogo(false, { hasEnabledProLogo: true }));
    const proLogo = screen.getByRole('switch', { name: '“Pro” logo' });
    expect(proLogo).toBeDisabled();
    // The venue's choice is kept for when it pays.
    expect(proLogo).toBeChecked();
    expect(screen.getByText(/The “Pro” logo comes with a paid plan that includes it\./)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'See billing' }));
    await waitFor(() => expect(currentPath()).toBe('/billing'));
  });

  it('can be switched on once the paid plan includes it', async () => {
    const calls = await openWidget(withProLogo(true));
    const proLogo = screen.getByRole('switch', { name: '“Pro” logo' });
    expect(proLogo).toBeEnabled();
    expect(screen.queryByRole('link', { name: 'See billing' })).not.toBeInTheDocument();
    await userEvent.click(proLogo);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls.puts).toHaveLength(1));
    expect(calls.puts[0]!.body).toMatchObject({ widgetTheme: { hasEnabledProLogo: true } });
  });
});
