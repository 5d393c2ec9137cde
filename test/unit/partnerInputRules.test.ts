import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { resolveGallery } from '../../domain/upload';
import { ApiNetworkError } from '../../providers/httpClient';
import { galleryStateOf, moveItem } from '../../resources/shared/inputs/galleryState';
import { addressFromPlace } from '../../resources/shared/inputs/googlePlaces';
import { uploadProblemOf } from '../../resources/shared/inputs/uploadErrors';
import { usableMapsKey } from '../../src/config/env';

describe('the gallery state the gallery input writes', () => {
  it('derives added and removed from the stored gallery, in a shape the server accepts', () => {
    // Stored 1, 2, 3; the user removed 2, uploaded 7 and 8, removed 8 again, and moved 7 first.
    const state = galleryStateOf([1, 2, 3], [7, 1, 3]);
    expect(state).toEqual({ order: [7, 1, 3], added: [7], removed: [2] });
    expect(resolveGallery([1, 2, 3], [], state, 'generalInfos').problems).toEqual({});
  });

  it('is the stored state when nothing changed', () => {
    expect(galleryStateOf([4, 5], [4, 5])).toEqual({ order: [4, 5], added: [], removed: [] });
  });

  it('moves one item and clamps at both ends', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 2, 5)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('the maps key rule', () => {
  it.each([
    ['', null],
    ['   ', null],
    ['local-no-maps', null],
    ['local-anything', null],
    [undefined, null],
    ['AIzaSyA-real-key', 'AIzaSyA-real-key'],
  ])('%j → %j', (key, expected) => {
    expect(usableMapsKey(key)).toBe(expected);
  });
});

describe('the address of a chosen Google place', () => {
  it('fills the five fields, the city from the locality', () => {
    const place = {
      formatted_address: 'Rue de Genève 12, 1003 Lausanne, Switzerland',
      place_id: 'ChIJ-lausanne',
      geometry: { location: { lat: () => 46.5231, lng: () => 6.6262 } },
      address_components: [
        { long_name: '1003', short_name: '1003', types: ['postal_code'] },
        { long_name: 'Lausanne', short_name: 'Lausanne', types: ['locality', 'political'] },
        { long_name: 'Vaud', short_name: 'VD', types: ['administrative_area_level_1'] },
      ],
    };
    expect(addressFromPlace(place)).toEqual({
      localisation: 'Rue de Genève 12, 1003 Lausanne, Switzerland',
      city: 'Lausanne',
      lat: 46.5231,
      lang: 6.6262,
      placeId: 'ChIJ-lausanne',
    });
  });

  it('is nothing when Enter was pressed without choosing a suggestion', () => {
    expect(addressFromPlace({ formatted_address: 'Lausa' } as never)).toBeNull();
  });
});

describe('upload refusals in words', () => {
  it.each([
    [new HttpError('UPLOAD_TOO_LARGE', 413, { message: 'UPLOAD_TOO_LARGE' }), 'inputs.upload.errors.tooLarge'],
    [
      new HttpError('UPLOAD_UNSUPPORTED_TYPE', 415, { message: 'UPLOAD_UNSUPPORTED_TYPE' }),
      'inputs.upload.errors.unsupportedType',
    ],
    [
      new HttpError('UPLOAD_UNREADABLE_IMAGE', 400, { message: 'UPLOAD_UNREADABLE_IMAGE' }),
      'inputs.upload.errors.unreadableImage',
    ],
    [new HttpError('FORBIDDEN', 403, { message: 'FORBIDDEN' }), 'inputs.upload.errors.forbidden'],
    [new ApiNetworkError(), 'inputs.upload.errors.network'],
    [new HttpError('boom', 500, { message: 'boom' }), 'inputs.upload.errors.failed'],
  ])('%s → %s', (error, key) => {
    expect(uploadProblemOf(error).key).toBe(key);
  });

  it('names the size limit in MB', () => {
    expect(uploadProblemOf(new HttpError('x', 413, null)).args).toEqual({ maxMb: 10 });
  });
});
