// The viewer of an identity document during a KYC review: the image at full size in a dialog,
// zoomed by steps, fitted back to the view, turned by quarter turns, or opened in its own tab
// through its signed link.
import type { TDocumentKind } from '@td/contracts/kyc';
import { useLayoutEffect, useRef, useState } from 'react';
import {
  IconExternalLink,
  IconMaximize,
  IconRotateCw,
  IconZoomIn,
  IconZoomOut,
} from '../../../components/app-icons';
import { Button } from '../../../components/button';
import { Dialog } from '../../../components/dialog';
import { useT } from '../../../lib/i18n';
import { documentKindText } from '../../../lib/labels';
import styles from './kyc-document-viewer.module.css';

export interface TKycDocument {
  kind: TDocumentKind;
  url: string;
}

/** Zoom steps, as multiples of the size that fits the view (1, "fit", is where a document opens). */
const ZOOMS = [0.5, 0.75, 1, 1.5, 2, 3, 4] as const;
const FIT = ZOOMS.indexOf(1);

interface TSize {
  width: number;
  height: number;
}

/**
 * An identity document at full size, in a dialog (focus kept inside, Escape closes): zoomed in and
 * out by steps, fitted back to the view, turned by quarter turns, or opened in a tab of its own by
 * its signed link.
 */
export function KycDocumentViewer({
  document,
  onClose,
}: {
  document: TKycDocument | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog
      isOpen={document !== undefined}
      onClose={onClose}
      title={document ? documentKindText(document.kind) : ''}
      testId="kyc-document-viewer"
      isWide
    >
      {document ? <DocumentView document={document} /> : null}
    </Dialog>
  );
}

function DocumentView({ document }: { document: TKycDocument }) {
  const t = useT();
  const stageRef = useRef<HTMLElement>(null);
  const [stage, setStage] = useState<TSize>({ width: 0, height: 0 });
  const [natural, setNatural] = useState<TSize>();
  const [zoom, setZoom] = useState(FIT);
  // Quarter turns clockwise, counted on (not wrapped), so every turn animates the same way round.
  const [turns, setTurns] = useState(0);

  useLayoutEffect(() => {
    const node = stageRef.current;
    if (!node) return;
    const measure = () => setStage({ width: node.clientWidth, height: node.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  // Turned a quarter, the document's width runs down the view.
  const isSideways = turns % 2 === 1;
  const box = natural && (isSideways ? { width: natural.height, height: natural.width } : natural);
  const fit =
    box && stage.width > 0 && stage.height > 0
      ? Math.min(stage.width / box.width, stage.height / box.height)
      : 0;
  const scale = fit * (ZOOMS[zoom] ?? 1);
  const isDrawn = natural !== undefined && scale > 0;

  return (
    <div className={styles.viewer}>
      <fieldset className={styles.viewerTools}>
        <legend className="visually-hidden">{t('admin.kyc.viewer.tools')}</legend>
        {/* At a limit, a zoom button says so but keeps the focus (a disabled one would drop it). */}
        <Button
          size="sm"
          icon={<IconZoomOut size={16} />}
          aria-label={t('admin.kyc.viewer.zoomOut')}
          title={t('admin.kyc.viewer.zoomOut')}
          aria-disabled={zoom === 0}
          onClick={() => setZoom((step) => Math.max(0, step - 1))}
        />
        <Button
          size="sm"
          icon={<IconZoomIn size={16} />}
          aria-label={t('admin.kyc.viewer.zoomIn')}
          title={t('admin.kyc.viewer.zoomIn')}
          aria-disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom((step) => Math.min(ZOOMS.length - 1, step + 1))}
        />
        <Button
          size="sm"
          icon={<IconMaximize size={16} />}
          aria-label={t('admin.kyc.viewer.fit')}
          title={t('admin.kyc.viewer.fit')}
          onClick={() => setZoom(FIT)}
        />
        <Button
          size="sm"
          icon={<IconRotateCw size={16} />}
          aria-label={t('admin.kyc.viewer.rotate')}
          title={t('admin.kyc.viewer.rotate')}
          onClick={() => setTurns((turn) => turn + 1)}
        />
        {/* After the buttons, so they stay put while the figures change. */}
        <output className={`${styles.viewerZoom} tabular`} aria-live="polite">
          {t('admin.kyc.viewer.state', { zoom: Math.round(scale * 100), angle: (turns % 4) * 90 })}
        </output>
        <a className={styles.viewerOpen} href={document.url} target="_blank" rel="noreferrer">
          <IconExternalLink size={16} />
          {t('admin.kyc.viewer.openInTab')}
        </a>
      </fieldset>
      <section
        ref={stageRef}
        className={styles.viewerStage}
        aria-label={t('admin.kyc.viewer.stage')}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: zoomed in, the document scrolls, and a scrollable region must take keyboard focus to be scrolled without a mouse (WCAG 2.1.1).
        tabIndex={0}
      >
        <div
          className={styles.viewerFrame}
          style={isDrawn && box ? { width: box.width * scale, height: box.height * scale } : undefined}
        >
          <img
            src={document.url}
            alt={t(`admin.kyc.documentAlt.${document.kind}`)}
            className={isDrawn ? undefined : styles.viewerLoading}
            style={
              isDrawn
                ? {
                    width: natural.width * scale,
                    height: natural.height * scale,
                    transform: `translate(-50%, -50%) rotate(${turns * 90}deg)`,
                  }
                : undefined
            }
            onLoad={(event) =>
              setNatural({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              })
            }
          />
        </div>
      </section>
    </div>
  );
}
