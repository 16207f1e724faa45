import { areaList } from '@vant/area-data';
import { CascaderView, Popup } from 'antd-mobile';
import 'antd-mobile/es/components/cascader/cascader.css';
import { useId, useState } from 'react';
import '../../../components/kit-render';
import { useI18n } from '../../../lib/i18n';
import { buildRegionOptions, regionCodes, regionText } from '../region';

// Its own chunk with the division data (decision 041 "Flows that ask first and say what happened"): loaded when a
// region is first picked.
const OPTIONS = buildRegionOptions(areaList);

export interface RegionSheetProps {
  readonly visible: boolean;
  /** The stored region text: its path is preselected when it is one of the data's. */
  readonly value: string;
  readonly onPick: (region: string) => void;
  readonly onClose: () => void;
}

interface Chosen {
  readonly codes: string[];
  readonly labels: string[];
  readonly isLeaf: boolean;
}

function startFrom(value: string): Chosen {
  return { codes: regionCodes(value, OPTIONS) ?? [], labels: [], isLeaf: false };
}

/**
 * Province, then city, then district, as shopping apps ask for them. The kit's cascade view in a
 * bottom sheet of our own, whose Cancel and OK are buttons (the kit's Cascader draws them as links
 * without an address, which neither the keyboard nor a screen reader takes for buttons;
 * docs/product/client.md, Accessibility).
 */
export default function RegionSheet({ visible, value, onPick, onClose }: RegionSheetProps) {
  const { t } = useI18n();
  const titleId = useId();
  const [chosen, setChosen] = useState<Chosen>(() => startFrom(value));
  // Each opening starts from the stored region, as the kit's picker did.
  const [wasVisible, setWasVisible] = useState(visible);
  if (visible !== wasVisible) {
    setWasVisible(visible);
    if (visible) setChosen(startFrom(value));
  }

  const confirm = () => {
    // Only a whole path is a region: a province alone says too little for a delivery.
    if (!chosen.isLeaf || chosen.labels.length === 0) return;
    onPick(regionText(chosen.labels));
  };

  return (
    <Popup visible={visible} position="bottom" className="adm-cascader-popup" onMaskClick={onClose} destroyOnClose>
      <div className="adm-cascader" role="dialog" aria-modal="true" aria-labelledby={titleId}>
        <div className="adm-cascader-header">
          <button type="button" className="adm-cascader-header-button region-sheet__button" onClick={onClose}>
            {t('cancel')}
          </button>
          <h2 id={titleId} className="adm-cascader-header-title region-sheet__title">
            {t('address.regionPick')}
          </h2>
          <button
            type="button"
            className="adm-cascader-header-button region-sheet__button region-sheet__button--ok"
            aria-disabled={!chosen.isLeaf}
            onClick={confirm}
          >
            {t('ok')}
          </button>
        </div>
        <div className="adm-cascader-body">
          <CascaderView
            options={OPTIONS}
            value={chosen.codes}
            placeholder={t('address.regionChoose')}
            onChange={(codes, extend) =>
              setChosen({
                codes: codes.map(String),
                labels: extend.items.flatMap((item) => (item?.label ? [item.label] : [])),
                isLeaf: extend.isLeaf,
              })
            }
          />
        </div>
      </div>
    </Popup>
  );
}
