// Types for the deep import of agora-token's token parser (the package ships none for it).
declare module 'agora-token/src/AccessToken2.js' {
  export class Service {
    service_type(): number;
    __privileges: Record<number, number>;
  }
  export class ServiceRtc extends Service {
    __channel_name: string | Buffer;
    __uid: string | Buffer;
    static kPrivilegeJoinChannel: number;
    static kPrivilegePublishAudioStream: number;
    static kPrivilegePublishVideoStream: number;
    static kPrivilegePublishDataStream: number;
  }
  export class AccessToken2 {
    constructor(appId?: string, appCertificate?: string, issueTs?: number, expire?: number);
    appId: string | Buffer;
    issueTs: number;
    expire: number;
    services: Service[];
    from_string(token: string): boolean;
    verifySignature(appCertificate: string): boolean;
    getServices(serviceType: number): Service[];
  }
  export const kRtcServiceType: number;
  export const kRtmServiceType: number;
}
