import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { Skeleton } from '../../../components/skeleton';
import { useT } from '../../../lib/i18n';
import styles from './wallet-screen.module.css';

/** The deposit address as a QR code, drawn in the browser (dark modules on white, for any scanner). */
export function AddressQr({ address }: { address: string }) {
  const t = useT();
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    QRCode.toDataURL(address, { margin: 1, width: 176, errorCorrectionLevel: 'M' })
      .then((url) => {
        if (isCurrent) setDataUrl(url);
      })
      .catch(() => setDataUrl(undefined));
    return () => {
      isCurrent = false;
    };
  }, [address]);
  return dataUrl ? (
    <img
      className={styles.qr}
      src={dataUrl}
      alt={t('wallet.deposit.qrAlt', { address })}
      width={176}
      height={176}
    />
  ) : (
    <Skeleton width={176} height={176} shape="block" />
  );
}
