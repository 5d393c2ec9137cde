import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { FIELD_PROBLEM_CODES } from '../../domain/errors';
import { UPLOAD_ERROR_CODES } from '../../domain/upload';
import { createI18nProvider } from '../../providers/i18nProvider';
import { catalogues } from '../../src/i18n';
import { uploadProblemOf } from '../../resources/shared/inputs/uploadErrors';

/**
 * Upload and reference problems reach the user in their language (domain/errors.ts,
 * resources/shared/inputs/uploadErrors.ts).
 */

const OTHER_LANGUAGES = ['fr', 'de', 'it'] as const;

describe('field problem codes of uploads and references', () => {
  const english = createI18nProvider({ catalogues });

  it.each(Object.values(FIELD_PROBLEM_CODES))('%s reads as a sentence in each language', async (code) => {
    const inEnglish = english.translate(code);
    expect(inEnglish).not.toBe(code);
    expect(inEnglish).toMatch(/\.$/);
    for (const language of OTHER_LANGUAGES) {
      const provider = createI18nProvider({ catalogues });
      await provider.changeLocale(language);
      const translated = provider.translate(code);
      expect(translated, language).not.toBe(code);
      expect(translated, language).not.toBe(inEnglish);
    }
  });

  it('says what to do about an unknown upload', async () => {
    expect(english.translate(FIELD_PROBLEM_CODES.unknownUpload)).toBe(
      'This file is no longer available: upload it again.',
    );
    const french = createI18nProvider({ catalogues });
    await french.changeLocale('fr');
    expect(french.translate(FIELD_PROBLEM_CODES.unknownUpload)).toBe(
      'Ce fichier n’est plus disponible : envoyez-le à nouveau.',
    );
  });
});

describe('upload refusals of the upload endpoint', () => {
  const translatedProblem = (error: unknown) => {
    const problem = uploadProblemOf(error);
    return english.translate(problem.key, problem.args);
  };
  const english = createI18nProvider({ catalogues });

  it('tells a picture too large in pixels apart from a damaged one, with the limit', () => {
    const tooManyPixels = new HttpError(UPLOAD_ERROR_CODES.imageTooLarge, 400, {
      message: UPLOAD_ERROR_CODES.imageTooLarge,
      errors: { file: 'x' },
    });
    expect(uploadProblemOf(tooManyPixels)).toEqual({
      key: 'inputs.upload.errors.imageTooLarge',
      args: { maxSide: 12_000 },
    });
    expect(translatedProblem(tooManyPixels)).toBe(
      'The image is larger than 12000 pixels on a side: make it smaller and try again.',
    );
    const damaged = new HttpError(UPLOAD_ERROR_CODES.unreadableImage, 400, {
      message: UPLOAD_ERROR_CODES.unreadableImage,
    });
    expect(uploadProblemOf(damaged).key).toBe('inputs.upload.errors.unreadableImage');
  });

  it('names the animation limits, and asks to retry shortly when the server is busy with pictures', async () => {
    const tooComplex = new HttpError(UPLOAD_ERROR_CODES.imageTooComplex, 400, {
      message: UPLOAD_ERROR_CODES.imageTooComplex,
    });
    expect(translatedProblem(tooComplex)).toBe(
      'The picture takes too much work to process: an animation may have at most 100 frames and 16 million pixels over all its frames. Shorten or shrink it, or use a still picture.',
    );
    const busy = new HttpError(UPLOAD_ERROR_CODES.busy, 503, { message: UPLOAD_ERROR_CODES.busy });
    expect(translatedProblem(busy)).toBe(
      'The server is processing many pictures right now: try again in a few seconds.',
    );
    const italian = createI18nProvider({ catalogues });
    await italian.changeLocale('it');
    expect(italian.translate(uploadProblemOf(tooComplex).key, uploadProblemOf(tooComplex).args)).toMatch(
      /al massimo 100 fotogrammi e 16 milioni/,
    );
  });

  it('asks to wait after too many uploads', async () => {
    const tooMany = new HttpError(UPLOAD_ERROR_CODES.tooMany, 429, { message: UPLOAD_ERROR_CODES.tooMany });
    expect(uploadProblemOf(tooMany).key).toBe('inputs.upload.errors.tooMany');
    expect(translatedProblem(tooMany)).toBe(
      'You have uploaded many files in a short time: wait a few minutes and try again.',
    );
    const german = createI18nProvider({ catalogues });
    await german.changeLocale('de');
    expect(german.translate(uploadProblemOf(tooMany).key)).toMatch(
      /^Sie haben in kurzer Zeit viele Dateien hochgeladen/,
    );
  });
});
