import Container
import Drawing
import FuzzSupport

/// Photos from outside (a file sent with ^T or `share --file`, a photo in a Telegram Desktop
/// export) as main reads them from a file: PhotoPixels (a chat's picture) and PhotoThumbnail (a
/// sent photo's thumbnail), so every input goes through the PNG (libpng in Cairo), JPEG (libjpeg),
/// WebP (libwebp) and GIF (giflib) decoders and the glue around them (CCairo's WebPDecoder.c and
/// GIFDecoder.c, loaded libraries called through pointers). Properties: an input is refused with
/// a DrawingError or decoded into exactly the pixels asked for; its thumbnail is a PNG no side of
/// which passes the side asked for, and that PNG decodes again.
let photo = ScratchFile("photo")
let thumbnail = ScratchFile("thumbnail.png")
let box = (width: 24, height: 16)
let thumbnailSide = 20

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let input = fuzzBytes(start, count)
    photo.write(input)
    do {
        let pixels = try PhotoPixels.rgba(photoPath: photo.path, width: box.width, height: box.height)
        invariant(pixels.count == box.width * box.height * 4,
                  "\(pixels.count) bytes of pixels for a \(box.width)×\(box.height) box from \(describe(input))")
    } catch is DrawingError {
    } catch {
        violated("PhotoPixels threw \(error) (not a DrawingError) for \(describe(input))")
    }
    let png: [UInt8]
    do {
        png = try PhotoThumbnail.png(photoPath: photo.path, maxSide: thumbnailSide)
    } catch is DrawingError {
        return 0
    } catch {
        violated("PhotoThumbnail threw \(error) (not a DrawingError) for \(describe(input))")
    }
    invariant(png.count > 24 && Array(png[12 ..< 16]) == Array("IHDR".utf8), "the thumbnail of \(describe(input)) is not a PNG")
    func side(_ at: Int) -> Int { png[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
    invariant((1...thumbnailSide).contains(side(16)) && (1...thumbnailSide).contains(side(20)),
              "a \(side(16))×\(side(20)) thumbnail for at most \(thumbnailSide) from \(describe(input))")
    thumbnail.write(png)
    do {
        _ = try PhotoPixels.rgba(photoPath: thumbnail.path, width: box.width, height: box.height)
    } catch {
        violated("the thumbnail made does not decode again: \(error), from \(describe(input))")
    }
    return 0
}

@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutableRawPointer, _ argv: UnsafeMutableRawPointer) -> CInt {
    Seeds.writeIfRequested {
        // A PNG of each colour type written here; the JPEG, WebPs and GIFs of the drawing tests
        // (Tests/DrawingTests/Vectors, made by make_test_pictures.py and make_test_jpegs.c).
        [
            ("rgba-5x3.png", hex("89504e470d0a1a0a0000000d49484452000000050000000308060000005b36c5f8000000344944415478da0dca310100300804b11786888a4004e34b4104c270406fca1249ce90af7070517abe78cec2c145a999cdc4c1c50f38221d5282aa1b060000000049454e44ae426082")),
            ("rgb-3x7.png", hex("89504e470d0a1a0a0000000d494844520000000300000007080200000042db60fe0000003b4944415478da0dc6310100300803c108cb50099593f12520016995808472d349c22242baf892bb6bdca4778387cceee043ceae7091da3dfcc8e303305b1a1d548329830000000049454e44ae426082")),
            ("photo-64x48.jpg", hex("ffd8ffe000104a46494600010100000100010000ffdb0043000302020302020303030304030304050805050404050a070706080c0a0c0c0b0a0b0b0d0e12100d0e110e0b0b1016101113141515150c0f171816141812141514ffdb00430103040405040509050509140d0b0d1414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414141414ffc00011080030004003012200021101031101ffc4001f0000010501010101010100000000000000000102030405060708090a0bffc400b5100002010303020403050504040000017d01020300041105122131410613516107227114328191a1082342b1c11552d1f02433627282090a161718191a25262728292a3435363738393a434445464748494a535455565758595a636465666768696a737475767778797a838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae1e2e3e4e5e6e7e8e9eaf1f2f3f4f5f6f7f8f9faffc4001f0100030101010101010101010000000000000102030405060708090a0bffc400b51100020102040403040705040400010277000102031104052131061241510761711322328108144291a1b1c109233352f0156272d10a162434e125f11718191a262728292a35363738393a434445464748494a535455565758595a636465666768696a737475767778797a82838485868788898a92939495969798999aa2a3a4a5a6a7a8a9aab2b3b4b5b6b7b8b9bac2c3c4c5c6c7c8c9cad2d3d4d5d6d7d8d9dae2e3e4e5e6e7e8e9eaf2f3f4f5f6f7f8f9faffda000c03010002110311003f00f14a28a2bfa74fc5028a28a0028a28a0028a28a0028afada8afe4aff0088f7ff0052cffcadff00dc8fe86ff8849ff51dff0094ff00fba1f24d15f5b5147fc47bff00a967fe56ff00ee41ff001093fea3bff29fff00743e49a2beb6a28ff88f7ff52cff00cadffdc83fe2127fd477fe53ff00ee87c93457d6d451ff0011effea59ff95bff00b907fc424ffa8eff00ca7ffdd028a28afe4a3fa1428a28a0028a28a0028a28a00fffd9")),
            ("photo-64x48-lossy.webp", hex("524946466600000057454250565038205a000000d004009d012a400030003e31148842a2212116a400200304a00d489003f0034c07e007e158071259663a20f26fb80000fef4511d6eedeed4cff699b540099f9f8ff6e776dffff9b6fdddfe7f23debfb256ffb0688bac98000000")),
            ("alpha-32x32-lossless.webp", hex("5249464636000000574542505650384c290000002f1fc007101730640281249dfd011f640141d175cb05d81bc8a46d663226eb757f44ff2700aa7eed3e00")),
            ("animated-16x16.webp", hex("524946468400000057454250565038580a000000020000000f00000f0000414e494d06000000000000000000414e4d46280000000000000000000f00000f0000640000025650384c0f0000002f0fc003000710fd8ffe0722a2ff0100414e4d46280000000000000000000f00000f0000640000005650384c0f0000002f0fc003000710d1fffe0722a2ff0100")),
            ("transparent-16x16.gif", hex("47494638396110001000810000ff000000000000000000000021f90401000001002c00000000100010004008360001081c283080c183060912448850e14086071d1684184022008a152562b4b85123458e1f3d42043952244392274d36541991a5c180003b")),
            ("interlaced-16x32.gif", hex("4749463837611000200084000000ff0008f70010ef0018e70020df0028d70030cf0038c70040bf0048b70050af0058a700609f00689700708f00788700807f00887700906f00986700a05f00a85700b04f00b84700c03f00c83700d02f00d82700e01f00e81700f00f00f807002c00000000100020004008db0001081c48b020000408132a5c880082c387102342c040b1a2c58b180868dcc8b123010620438a1cc98082c993285352e0c0b2a5cb971c04c89c49b3a600033873eadc694081cf9f40832a7040b4a8d1a30e24285dcab4a9040b50a34a9d6a4183d5ab58b36af0c0b5abd7af1e02881d4bb66c800168d3aa5d3ba080dbb770e3163840b7aeddbb0712e8ddcbb76f820580030b1ebca081e1c388133778c0b8b1e3c70f22489e4cb972840998336bde3ca182e7cfa04357b840bab4e9d31732a85ecdba75860db063cb9ebda183eddbb87377f8c0bbb7efdf1f0202003b")),
        ]
    }
    do {
        try DrawingLibraries.load()
    } catch {
        violated("the drawing libraries do not load: \(error)")
    }
    return 0
}

/// A seed's bytes from its hexadecimal text.
func hex(_ text: String) -> [UInt8] { Hex.decode(text)! }
