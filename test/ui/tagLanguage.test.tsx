import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  AdminContext,
  Form,
  memoryStore,
  ResourceContextProvider,
  testDataProvider,
  type GetListParams,
} from 'react-admin';
import { describe, expect, it } from 'vitest';
import type { Tag } from '../../domain/tag';
import { createI18nProvider } from '../../providers/i18nProvider';
import { catalogues } from '../../src/i18n';
import { TagTermsInput } from '../../resources/shared/inputs/TagTermsInput';
import { tagLabelIn } from '../../resources/tags/tagLabel';
import { ShownStyles } from './styles';

const tag = (id: number, tagName: string, translation: Partial<Tag['translation']> = {}): Tag => ({
  id,
  tagId: id,
  generalInfos: { tagName, category: 'Audience', subCategory: null },
  translation: { french: null, english: null, german: null, italian: null, ...translation },
  advanced: { description: null, htmlDescription: null },
  version: 1,
});

const students = tag(1, 'Students welcome', { french: 'Étudiants bienvenus', german: 'Studierende willkommen' });
const craftBeer = tag(2, 'Craft beer', { french: 'Bière artisanale' });
/** No French: a French reader sees the name. */
const hearingLoop = tag(3, 'Hearing loop', { german: 'Induktionsschleife' });
/** A blank French translation counts as missing, as on the Tags screen. */
const vinyl = tag(4, 'Vinyl only', { french: '   ' });
const TAGS = [craftBeer, hearingLoop, students, vinyl]; // the server's order: by tagName

/** A data provider answering the tags as the API does (sorted by name), recording the picker's list queries. */
const tagsProvider = () => {
  const listQueries: GetListParams[] = [];
  const dataProvider = testDataProvider({
    getList: async (_resource, params) => {
      listQueries.push(params);
      return { data: TAGS as never[], total: TAGS.length };
    },
    getMany: async (_resource, { ids }) => ({ data: TAGS.filter((record) => ids.includes(record.id)) as never[] }),
  });
  return { dataProvider, listQueries };
};

const renderTagInput = (locale: string, tagTerms: number[]) => {
  const { dataProvider, listQueries } = tagsProvider();
  render(
    <AdminContext
      dataProvider={dataProvider}
      i18nProvider={createI18nProvider({ catalogues, initialLocale: 'en' })}
      store={memoryStore({ locale })}
    >
      <ResourceContextProvider value="establishments">
        <Form record={{ additionalInfos: { tagTerms } }}>
          <TagTermsInput source="additionalInfos.tagTerms" />
        </Form>
      </ResourceContextProvider>
    </AdminContext>,
    { wrapper: ShownStyles },
  );
  return { listQueries };
};

const optionTexts = async () => (await screen.findAllByRole('option')).map((option) => option.textContent?.trim());

describe('tagLabelIn', () => {
  it('takes the translation of the interface language, else the name', () => {
    expect(tagLabelIn(students, 'fr')).toBe('Étudiants bienvenus');
    expect(tagLabelIn(students, 'de')).toBe('Studierende willkommen');
    expect(tagLabelIn(students, 'it')).toBe('Students welcome');
    expect(tagLabelIn(vinyl, 'fr')).toBe('Vinyl only');
    expect(tagLabelIn(students, 'rm')).toBe('Students welcome');
  });
});

describe('the tag picker in the interface language', () => {
  it('shows the chips in French, and the name of a tag without a French translation', async () => {
    renderTagInput('fr', [1, 3, 4]);
    expect(await screen.findByRole('button', { name: 'Étudiants bienvenus' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hearing loop' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Vinyl only' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Students welcome' })).not.toBeInTheDocument();
  });

  it('shows the chips in German with the same fallback', async () => {
    renderTagInput('de', [1, 2]);
    expect(await screen.findByRole('button', { name: 'Studierende willkommen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Craft beer' })).toBeInTheDocument();
  });

  it('offers the options in French, sorted by the text shown', async () => {
    renderTagInput('fr', []);
    await userEvent.click(await screen.findByRole('combobox'));
    await waitFor(async () =>
      expect(await optionTexts()).toEqual(['Bière artisanale', 'Étudiants bienvenus', 'Hearing loop', 'Vinyl only']),
    );
  });

  it('asks the server for what was typed, which matches translations too', async () => {
    const { listQueries } = renderTagInput('fr', []);
    await userEvent.type(await screen.findByRole('combobox'), 'Bière');
    await waitFor(() => expect(listQueries.at(-1)?.filter).toEqual({ q: 'Bière' }));
  });

  it('keeps the base name in English when a tag has no English translation', async () => {
    renderTagInput('en', [1]);
    expect(await screen.findByRole('button', { name: 'Students welcome' })).toBeInTheDocument();
  });
});
