// 8- and 16-bit data: byte and short loads and stores, sign and zero extension, packing.
__kernel void bytes(__global const uchar *u8, __global const char *i8, __global const ushort *u16,
                    __global const short *i16, __global ushort *o16, __global char *o8)
{
    size_t i = get_global_id(0);
    int s = (int)u8[i] + (int)i8[i] * 3 + (int)u16[i] - (int)i16[i];
    o16[2 * i] = (ushort)s;
    o16[2 * i + 1] = (ushort)(u8[i] << 8 | (uchar)i8[i]);
    o8[i] = (char)(i16[i] >> 4);
}
