import { areaList } from '@vant/area-data';
import { Cascader } from 'antd-mobile';
import '../../../components/kit-render';
import { useI18n } from '../../../lib/i18n';
import { buildRegionOptions, regionCodes, regionText } from '../region';

// Its own chunk with the division data (decision 041): loaded when a region is first picked.
const OPTIONS = buildRegionOptions(areaList);

export interface RegionSheetProps {
  readonly visible: boolean;
  /** The stored region text: its path is preselected when it is one of the data's. */
  readonly value: string;
  readonly onPick: (region: string) => void;
  readonly onClose: () => void;
}

/** Province, then city, then district, as shopping apps ask for them. */
export default function RegionSheet({ visible, value, onPick, onClose }: RegionSheetProps) {
  const { t } = useI18n();
  const codes = regionCodes(value, OPTIONS);
  return (
    <Cascader
      options={OPTIONS}
      visible={visible}
      {...(codes ? { defaultValue: codes } : {})}
      title={t('address.regionPick')}
      confirmText={t('ok')}
      cancelText={t('cancel')}
      placeholder={t('address.regionChoose')}
      onConfirm={(_value, extend) => {
        // Only a whole path is a region: a province alone says too little for a delivery.
        if (!extend.isLeaf) return;
        onPick(regionText(extend.items.flatMap((item) => (item?.label ? [item.label] : []))));
      }}
      onClose={onClose}
    />
  );
}
