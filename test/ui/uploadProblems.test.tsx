import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AdminContext, Form, memoryStore, ResourceContextProvider, testDataProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { FIELD_PROBLEM_CODES } from '../../domain/errors';
import type { Upload } from '../../domain/upload';
import { createI18nProvider } from '../../providers/i18nProvider';
import { catalogues } from '../../src/i18n';
import { GalleryInput } from '../../resources/shared/inputs/GalleryInput';
import { UploadInput } from '../../resources/shared/inputs/UploadInput';
import { ShownStyles } from './styles';

/**
 * The API names an unusable upload or gallery by a code on its field (domain/errors.ts FIELD_PROBLEM_CODES);
 * the form shows the sentence in the user's language, never the code.
 */

const picture: Upload = {
  id: 7,
  url: '/api/v1/uploads/files/7.png',
  previewUrl: '/api/v1/uploads/files/7.preview.webp',
  mimeType: 'image/png',
  sizeBytes: 1000,
  width: 80,
  height: 60,
  originalName: 'flyer.png',
};

/** The field errors of a refused save, returned by the submit as react-admin's save returns the server's `errors`. */
const SERVER_ERRORS = {
  'generalInfos.logo': FIELD_PROBLEM_CODES.unknownUpload,
  'generalInfos.media': FIELD_PROBLEM_CODES.galleryDuplicate,
};

const renderRefusedForm = (locale: string) =>
  render(
    <AdminContext
      dataProvider={testDataProvider()}
      i18nProvider={createI18nProvider({ catalogues, initialLocale: 'en' })}
      store={memoryStore({ locale })}
    >
      <ResourceContextProvider value="establishments">
        <Form
          record={{
            generalInfos: {
              logo: picture,
              media: [picture],
              mediaListState: { order: [picture.id], added: [], removed: [] },
            },
          }}
          onSubmit={async () => SERVER_ERRORS}
        >
          <UploadInput source="generalInfos.logo" label="Logo" accept="image" />
          <GalleryInput source="generalInfos" />
          <button type="submit">submit</button>
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
    { wrapper: ShownStyles },
  );

describe('upload problems answered by the server', () => {
  it.each([
    ['en', 'This file is no longer available: upload it again.', 'The same picture appears twice in the gallery.'],
    [
      'fr',
      'Ce fichier n’est plus disponible : envoyez-le à nouveau.',
      'La même image figure deux fois dans la galerie.',
    ],
    [
      'de',
      'Diese Datei ist nicht mehr verfügbar: Laden Sie sie erneut hoch.',
      'Dasselbe Bild ist zweimal in der Galerie.',
    ],
  ])('shows the field codes as sentences (%s)', async (locale, unknownUpload, pictureTwice) => {
    renderRefusedForm(locale);
    await userEvent.click(await screen.findByRole('button', { name: 'submit' }));

    expect(await screen.findByText(unknownUpload)).toBeInTheDocument();
    expect(screen.getByText(pictureTwice)).toBeInTheDocument();
    expect(screen.queryByText(FIELD_PROBLEM_CODES.unknownUpload)).not.toBeInTheDocument();
  });
});
