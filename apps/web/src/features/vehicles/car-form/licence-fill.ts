import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { UploadResult } from '@fleetdesk/contracts/files';
import type { OcrResult } from '@fleetdesk/contracts/ocr';
import type { Owner } from '@fleetdesk/contracts/vehicles';
import { endOfMonth, energyOfText, type CarFormValues, type FormImage } from './form-values';
import { newImageKey } from './image-slots';

/** Licence data kept until the car is saved, then bound with `bind/license`. */
export interface LicenceData {
  fileNo?: string | null;
  useCharacter?: string | null;
  issueDate?: string | null;
}

export interface LicenceFill {
  patch: Partial<CarFormValues>;
  /** Titles of the fields filled. */
  filled: string[];
  warnings: string[];
  image: FormImage;
  licence: LicenceData;
  /** The owner the licence names when the tenant has no owner of that name. */
  unknownOwner: string | null;
}

/** What a recognised licence page puts on the form. */
export function fillFromLicence(input: {
  side: 'front' | 'back';
  result: OcrResult;
  file: UploadResult;
  values: CarFormValues;
  owners: Owner[];
  t: TFunction;
}): LicenceFill {
  const { side, result, t } = input;
  const f = result.fields;
  const patch: Partial<CarFormValues> = {};
  const filled: string[] = [];
  const warnings: string[] = [];
  const set = <K extends keyof CarFormValues>(
    name: K,
    value: CarFormValues[K] | null | undefined,
    title: string = name,
  ) => {
    if (value === null || value === undefined || value === '') return;
    patch[name] = value;
    filled.push(t(`vehicle-detail:fields.${title}`));
  };
  let unknownOwner: string | null = null;
  if (side === 'front') {
    set('plate', f.plate);
    set('vin', f.vin);
    set('engineNo', f.engineNo);
    set('registrationDate', f.registrationDate ? dayjs(f.registrationDate) : null);
    set('energy', energyOfText(f.energyText));
    if (result.brandId && result.brandId !== input.values.brandId) {
      Object.assign(patch, { seriesId: undefined, modelId: undefined });
      set('brandId', result.brandId, 'brand');
    }
    if (f.owner) {
      const owner = input.owners.find((o) => o.name === f.owner);
      if (owner) set('ownerId', owner.id, 'owner');
      else unknownOwner = f.owner;
    }
    if (f.model) warnings.push(t('vehicle-detail:ocr.modelText', { model: f.model }));
    if (result.plateValid === false) warnings.push(t('vehicle-detail:ocr.plateInvalid'));
    if (result.vinValid === false) warnings.push(t('vehicle-detail:ocr.vinInvalid'));
  } else {
    set('seats', f.seats);
    set('inspectionDue', f.inspectionValidUntil ? endOfMonth(f.inspectionValidUntil) : null);
  }
  const licence: LicenceData =
    side === 'front'
      ? { useCharacter: f.useCharacter, issueDate: f.issueDate, ...(f.fileNo ? { fileNo: f.fileNo } : {}) }
      : { fileNo: f.fileNo };
  return {
    patch,
    filled,
    warnings,
    unknownOwner,
    licence,
    image: {
      key: newImageKey(),
      kind: side === 'front' ? 'licenseMain' : 'licenseSecond',
      url: input.file.url,
      signedUrl: input.file.signedUrl,
    },
  };
}
