import Image from 'antd/es/image';
import { useTranslation } from 'react-i18next';

/** A feedback's screenshots as thumbnails; a click opens them large, one after the other. */
export function Screenshots({ urls, size = 64 }: { urls: string[]; size?: number }) {
  const { t } = useTranslation('feedback');
  if (!urls.length) return null;
  return (
    <div className="fd-feedback-shots">
      <Image.PreviewGroup>
        {urls.map((url, i) => (
          <Image
            key={url}
            src={url}
            width={size}
            height={size}
            alt={t('mine.screenshots', { n: i + 1 })}
            className="fd-feedback-shot"
          />
        ))}
      </Image.PreviewGroup>
    </div>
  );
}
