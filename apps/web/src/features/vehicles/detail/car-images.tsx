import Empty from 'antd/es/empty';
import Image from 'antd/es/image';
import { useTranslation } from 'react-i18next';
import { IMAGE_KINDS, type CarDetail } from '@fleetdesk/contracts/vehicles';

/** The car's photos by kind; one preview group walks through all of them. */
export function CarImages({ car }: { car: CarDetail }) {
  const { t } = useTranslation('vehicle-detail');
  if (!car.images.length) return <Empty description={t('detail.noImages')} />;
  const sorted = [...car.images].sort((a, b) => a.sort - b.sort);
  return (
    <Image.PreviewGroup>
      <div className="fd-car-gallery">
        {IMAGE_KINDS.flatMap((kind) =>
          sorted
            .filter((i) => i.kind === kind)
            .map((image, n) => (
              <figure key={image.id} className="fd-car-gallery-item">
                <Image
                  src={image.signedUrl ?? undefined}
                  alt={`${t(`imageKind.${kind}`)} ${n + 1}`}
                  width={176}
                  height={132}
                />
                <figcaption>{t(`imageKind.${kind}`)}</figcaption>
              </figure>
            )),
        )}
      </div>
    </Image.PreviewGroup>
  );
}
