import { Svg, type IconProps } from './icons';

// Icons that illustrate content (a confirmation's tick, the gift beside the
// vouchers, a download arrow): drawn by server pages and account screens, kept
// out of icons.tsx so the chrome every shop page loads stays small.

export const ArrowUpIcon = (props: IconProps) => <Svg d="M12 19V5m-7 7l7-7 7 7" {...props} />;
export const ArrowDownIcon = (props: IconProps) => <Svg d="M12 5v14m7-7l-7 7-7-7" {...props} />;
export const BoltIcon = (props: IconProps) => <Svg d="M13 2L3 14h9l-1 8 10-12h-9l1-8z" filled {...props} />;
export const LockIcon = (props: IconProps) => (
  <Svg d="M5 11h14a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zm2 0V7a5 5 0 0 1 10 0v4" {...props} />
);
export const DownloadIcon = (props: IconProps) => <Svg d="M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4m4-5l5 5 5-5m-5 5V3" {...props} />;
export const CheckIcon = (props: IconProps) => <Svg d="M20 6L9 17l-5-5" {...props} />;
export const CheckCircleIcon = (props: IconProps) => <Svg d="M22 11.1V12a10 10 0 1 1-5.9-9.1M22 4L12 14l-3-3" {...props} />;
export const MailIcon = (props: IconProps) => <Svg d="M4 4h16a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm18 2l-10 7L2 6" {...props} />;
export const GiftIcon = (props: IconProps) => (
  <Svg d="M20 12v10H4V12M2 7h20v5H2zm10 15V7m0 0H7.5a2.5 2.5 0 0 1 0-5C11 2 12 7 12 7zm0 0h4.5a2.5 2.5 0 0 0 0-5C13 2 12 7 12 7z" {...props} />
);
export const BagIcon = (props: IconProps) => <Svg d="M6 2L3 6v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6l-3-4zM3 6h18m-5 4a4 4 0 0 1-8 0" {...props} />;
export const ImageIcon = (props: IconProps) => (
  <Svg d="M5 3h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zm3.5 7a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM21 15l-5-5L5 21" {...props} />
);
export const UserIcon = (props: IconProps) => <Svg d="M20 21v-2a4 4 0 0 0-4-4H8a4 4 0 0 0-4 4v2m8-10a4 4 0 1 0 0-8 4 4 0 0 0 0 8z" {...props} />;
export const PlusIcon = (props: IconProps) => <Svg d="M12 5v14m-7-7h14" {...props} />;
export const StarIcon = (props: IconProps) => <Svg d="M12 2l3.1 6.3 6.9 1-5 4.9 1.2 6.8-6.2-3.2-6.2 3.2L7 14.2 2 9.3l6.9-1z" filled {...props} />;
