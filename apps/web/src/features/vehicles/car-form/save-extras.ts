import { LICENSE_USE_CHARACTERS, type CarDetail } from '@fleetdesk/contracts/vehicles';
import { bindLicence } from '../api/bind-licence';
import { deleteCarImages } from '../api/delete-car-images';
import { editCarImages } from '../api/edit-car-images';
import { updateKeyInfo } from '../api/update-key-info';
import type { FormImage } from './form-values';
import type { LicenceData } from './licence-fill';

const sameOrder = (a: FormImage[], b: { url: string; kind: string }[]) =>
  a.length === b.length && a.every((img, i) => img.url === b[i]!.url && img.kind === b[i]!.kind);

/**
 * The calls after the car itself: images of an existing car (`delete/img` for removals, `edit/img` for a new
 * list or order), the keys' remark (`update/car/key/info`), and a licence read on the form (`bind/license`).
 */
export async function saveExtras(input: {
  before: CarDetail | null;
  saved: CarDetail;
  images: FormImage[];
  licence: LicenceData | null;
  keyRemark: string | null;
}): Promise<void> {
  const { before, saved, images } = input;
  const carId = saved.id;
  if (before) {
    const kept = new Set(images.flatMap((i) => (i.id ? [i.id] : [])));
    const removed = before.images.filter((i) => !kept.has(i.id)).map((i) => i.id);
    if (removed.length) await deleteCarImages({ carId, ids: removed });
    const left = [...before.images].sort((a, b) => a.sort - b.sort).filter((i) => kept.has(i.id));
    if (!sameOrder(images, left)) {
      await editCarImages({ carId, images: images.map(({ kind, url }) => ({ kind, url })) });
    }
  }
  if ((input.keyRemark ?? null) !== (before?.keyRemark ?? null)) {
    await updateKeyInfo({
      carId,
      keyCount: saved.keyCount,
      keyLocation: saved.keyLocation,
      keyRemark: input.keyRemark,
    });
  }
  const main = images.find((i) => i.kind === 'licenseMain');
  if (input.licence && main) {
    const second = images.find((i) => i.kind === 'licenseSecond');
    const use = input.licence.useCharacter;
    await bindLicence({
      carId,
      mainPageUrl: main.url,
      secondPageUrl: second?.url ?? null,
      fileNo: input.licence.fileNo ?? null,
      useCharacter: use && (LICENSE_USE_CHARACTERS as readonly string[]).includes(use) ? (use as never) : null,
      issueDate: input.licence.issueDate ?? null,
    });
  }
}
