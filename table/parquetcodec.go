package table

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"

	"github.com/andybalholm/brotli"
	"github.com/klauspost/compress/snappy"
	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go/format"
	"github.com/pierrec/lz4/v4"
)

// parquet-go decompresses a page into a buffer of the size its header
// states, and takes whatever the codec gives beyond it: a page of a few
// kilobytes can decompress to gigabytes (zstd and brotli, and gzip a
// thousandfold), a snappy block states its own length (up to 4 GB), and
// parquet-go's LZ4 doubles its buffer for as long as a block fails to
// decode. decompressedWithin decompresses a page once more, as a stream,
// into nothing, and stops past the size the header states.

// errTooLong is the error of a page that decompresses to more than its
// header states.
var errTooLong = errors.New("it decompresses to more bytes than its header states")

// decompressedWithin checks that data, a page's compressed bytes in codec,
// decompresses to at most size bytes, the size its header states; an
// error says what is wrong with it. A codec parquet-go cannot read is
// left to it to say so.
func decompressedWithin(codec format.CompressionCodec, data []byte, size int64) error {
	var r io.Reader
	switch codec {
	case format.Snappy:
		n, err := snappy.DecodedLen(data)
		if err != nil {
			return err
		}
		if int64(n) > size {
			return errTooLong
		}
		return nil
	case format.Lz4Raw:
		// a block format, of no stream: decoded into the size stated,
		// at most MaxParquetPage
		if _, err := lz4.UncompressBlock(data, make([]byte, size)); err != nil {
			return fmt.Errorf("%w, or is not LZ4 (%v)", errTooLong, err)
		}
		return nil
	case format.Gzip:
		z, err := gzip.NewReader(bytes.NewReader(data))
		if err != nil {
			return err
		}
		r = z
	case format.Zstd:
		// parquet-go's decoder makes room for the size a frame states
		// before it decodes it
		var h zstd.Header
		if err := h.Decode(data); err != nil {
			return err
		}
		if h.HasFCS && h.FrameContentSize > uint64(size) {
			return errTooLong
		}
		z, err := zstd.NewReader(bytes.NewReader(data), zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxWindow(uint64(max(size, 8<<20))))
		if err != nil {
			return err
		}
		defer z.Close()
		r = z
	case format.Brotli:
		r = brotli.NewReader(bytes.NewReader(data))
	default:
		return nil
	}
	n, err := io.Copy(io.Discard, io.LimitReader(r, size+1))
	switch {
	case err != nil:
		return err
	case n > size:
		return errTooLong
	}
	return nil
}
