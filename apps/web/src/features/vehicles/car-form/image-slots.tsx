import ArrowLeftOutlined from '@ant-design/icons/ArrowLeftOutlined';
import ArrowRightOutlined from '@ant-design/icons/ArrowRightOutlined';
import DeleteOutlined from '@ant-design/icons/DeleteOutlined';
import PlusOutlined from '@ant-design/icons/PlusOutlined';
import Button from 'antd/es/button';
import Image from 'antd/es/image';
import Spin from 'antd/es/spin';
import Upload from 'antd/es/upload';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CAR_IMAGES_MAX, IMAGE_KINDS, type CarImageKind } from '@fleetdesk/contracts/vehicles';
import { useUploadFile } from '../../../lib/upload';
import type { FormImage } from './form-values';

/** Kinds that hold one photo: a new one replaces it. */
const SINGLE: readonly CarImageKind[] = ['front', 'back', 'left', 'right', 'licenseMain', 'licenseSecond'];
const LICENCE: readonly CarImageKind[] = ['licenseMain', 'licenseSecond'];

let nextKey = 0;
export const newImageKey = () => `n${++nextKey}`;

/** The car's photos, one slot per kind: upload, move within the kind, delete, preview. */
export function ImageSlots({ images, onChange }: { images: FormImage[]; onChange: (next: FormImage[]) => void }) {
  const { t } = useTranslation('vehicle-detail');
  const upload = useUploadFile();
  const [busy, setBusy] = useState<CarImageKind | null>(null);

  const add = async (kind: CarImageKind, file: File) => {
    setBusy(kind);
    try {
      const done = await upload.mutateAsync({ type: LICENCE.includes(kind) ? 'license' : 'car', file });
      const image: FormImage = { key: newImageKey(), kind, url: done.url, signedUrl: done.signedUrl };
      onChange(SINGLE.includes(kind) ? [...images.filter((i) => i.kind !== kind), image] : [...images, image]);
    } catch {
      // the request layer has shown why
    } finally {
      setBusy(null);
    }
  };
  const move = (image: FormImage, step: -1 | 1) => {
    const same = images.filter((i) => i.kind === image.kind);
    const other = same[same.indexOf(image) + step];
    if (!other) return;
    const next = [...images];
    const a = next.indexOf(image);
    const b = next.indexOf(other);
    [next[a], next[b]] = [next[b]!, next[a]!];
    onChange(next);
  };
  const full = images.length >= CAR_IMAGES_MAX;

  return (
    <Image.PreviewGroup>
      <div className="fd-car-images">
        {IMAGE_KINDS.map((kind) => {
          const mine = images.filter((i) => i.kind === kind);
          return (
            <section key={kind} className="fd-car-image-slot" aria-label={t(`imageKind.${kind}`)}>
              <div className="fd-car-image-slot-title">{t(`imageKind.${kind}`)}</div>
              <div className="fd-car-image-slot-body">
                {mine.map((image, i) => (
                  <figure key={image.key} className="fd-car-image">
                    <Image
                      src={image.signedUrl ?? undefined}
                      alt={`${t(`imageKind.${kind}`)} ${i + 1}`}
                      width={104}
                      height={78}
                    />
                    <div className="fd-car-image-tools">
                      {mine.length > 1 && (
                        <>
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowLeftOutlined />}
                            aria-label={t('images.earlier')}
                            disabled={i === 0}
                            onClick={() => move(image, -1)}
                          />
                          <Button
                            size="small"
                            type="text"
                            icon={<ArrowRightOutlined />}
                            aria-label={t('images.later')}
                            disabled={i === mine.length - 1}
                            onClick={() => move(image, 1)}
                          />
                        </>
                      )}
                      <Button
                        size="small"
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('images.remove', { kind: t(`imageKind.${kind}`) })}
                        onClick={() => onChange(images.filter((x) => x !== image))}
                      />
                    </div>
                  </figure>
                ))}
                {(SINGLE.includes(kind) ? mine.length === 0 : !full) && (
                  <Upload
                    accept="image/jpeg,image/png,image/webp"
                    showUploadList={false}
                    multiple={!SINGLE.includes(kind)}
                    disabled={busy !== null}
                    beforeUpload={(file) => {
                      void add(kind, file);
                      return false;
                    }}
                  >
                    <button
                      type="button"
                      className="fd-car-image-add"
                      aria-label={t('images.add', { kind: t(`imageKind.${kind}`) })}
                    >
                      {busy === kind ? <Spin size="small" /> : <PlusOutlined />}
                      <span>{t('images.upload')}</span>
                    </button>
                  </Upload>
                )}
              </div>
            </section>
          );
        })}
      </div>
    </Image.PreviewGroup>
  );
}
